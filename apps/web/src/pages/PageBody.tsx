import type { CommandContext } from '../commands/registry';
import type { PageId } from './registry';
import { ProfilePage } from './ProfilePage';
import { AboutPage } from './AboutPage';
import { ContentsPage } from './ContentsPage';
import { UsersPage } from './UsersPage';
import { ActivityPage } from './ActivityPage';
import { AccountsPage } from './AccountsPage';

/** A named page's content, loaded the first time a named page is opened (NamedPage). */
export default function PageBody({
  page,
  owner,
  ctx,
}: {
  page: PageId;
  owner: string;
  ctx: CommandContext;
}) {
  return page === 'profile' ? (
    <ProfilePage owner={owner} ctx={ctx} />
  ) : page === 'about' ? (
    <AboutPage />
  ) : page === 'contents' ? (
    <ContentsPage me={ctx.user?.username ?? ''} />
  ) : page === 'users' ? (
    <UsersPage />
  ) : page === 'activity' ? (
    <ActivityPage />
  ) : (
    <AccountsPage ctx={ctx} />
  );
}
