/**
 * The document's title: what the page shows, then the app's name. It names the tab, the
 * history entry and the bookmark, and is what a screen reader reads out when the page changes.
 */
import { useEffect } from 'react';

const APP_NAME = 'Listboard';

const documentTitle = (name: string | null): string => (name ? `${name} · ${APP_NAME}` : APP_NAME);

/** Sets the document's title to the page's name; undefined leaves it as it is (still loading). */
export function usePageTitle(name: string | null | undefined): void {
  useEffect(() => {
    if (name !== undefined) document.title = documentTitle(name);
  }, [name]);
}
