import { lazy, Suspense } from 'react';
import { canSite, type SiteAction } from '@listboard/core';
import type { CommandContext } from '../commands/registry';
import { namedPageTitle, type PageId } from './registry';
import './pages.css';

/** The pages' content is loaded the first time one is opened, not with the boards. */
const PageBody = lazy(() => import('./PageBody'));

/** Pages that need a site permission; the server refuses their calls to anyone else as well. */
const NEEDS: Partial<Record<PageId, SiteAction>> = {
  users: 'usersOnline',
  activity: 'activity',
  accounts: 'manageUsers',
};

export function NamedPage({
  page,
  owner,
  ctx,
}: {
  page: PageId;
  owner: string;
  ctx: CommandContext;
}) {
  const title = namedPageTitle(page, owner, ctx.user?.username);
  const need = NEEDS[page];
  const allowed = !need || canSite(ctx.user, need);
  return (
    <section className="page" aria-labelledby="page-title" data-page={page}>
      <h2 id="page-title">{title}</h2>
      {!allowed ? (
        <p className="empty">
          {need === 'usersOnline'
            ? 'Please sign in to see who is here.'
            : 'This page is for the site admin.'}
        </p>
      ) : (
        <Suspense
          fallback={
            <p className="empty" role="status">
              Loading…
            </p>
          }
        >
          <PageBody page={page} owner={owner} ctx={ctx} />
        </Suspense>
      )}
    </section>
  );
}
