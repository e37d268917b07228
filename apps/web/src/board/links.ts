import { parseLink, pathTitle } from '@listboard/core';
import { closestFrom } from '../dom';

export type SpecialLinkKind = 'label' | 'tag' | 'func';

export interface LinkActions {
  toggleList?(title: string): void;
  navigate(path: string): void;
  scrollToList(anchor: string): void;
  openTab(url: string): void;
  /** `@label`, `!tag` and `^function()` links. */
  other(kind: SpecialLinkKind, detail: string): void;
}

/**
 * One delegated handler for every link inside the boards (spec section 2, link kinds): internal
 * links move within the app, section links scroll to a list, external and $ links open a tab.
 */
export function handleLinkClick(event: MouseEvent | React.MouseEvent, actions: LinkActions): void {
  const anchor = closestFrom(event.target, 'a');
  if (!anchor || event.defaultPrevented) return;
  const href = anchor.getAttribute('href');
  if (!href) return;
  const listToggle = anchor.getAttribute('data-toggle-list');
  if (listToggle !== null && actions.toggleList) {
    event.preventDefault();
    actions.toggleList(listToggle);
    return;
  }
  // Let the browser handle modified clicks (new tab or window) on ordinary links.
  const modified = 'metaKey' in event && (event.metaKey || event.ctrlKey || event.shiftKey);
  const link = parseLink(href);
  switch (link.kind) {
    case 'internal':
      if (modified) return;
      event.preventDefault();
      actions.navigate(
        `${link.path}${link.query ? `?${link.query}` : ''}${link.hash ? `#${link.hash}` : ''}`,
      );
      return;
    case 'section':
      event.preventDefault();
      actions.scrollToList(pathTitle(link.anchor));
      return;
    case 'external':
      event.preventDefault();
      actions.openTab(link.url);
      return;
    case 'newtab':
      event.preventDefault();
      actions.openTab(link.url);
      return;
    case 'mailto':
      return;
    case 'label':
      event.preventDefault();
      actions.other('label', link.label);
      return;
    case 'tag':
      event.preventDefault();
      actions.other('tag', link.tag);
      return;
    case 'func':
      event.preventDefault();
      actions.other('func', link.name);
      return;
    default:
      // javascript: and other schemes are never followed.
      event.preventDefault();
  }
}
