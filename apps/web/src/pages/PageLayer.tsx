import type { Multilist } from '@listboard/core';
import type { CommandContext } from '../commands/registry';
import { pageOwner, type PageId } from './registry';
import { NamedPage } from './NamedPage';
import { DashboardLinks } from './DashboardLinks';
import { TourRunner } from './TourRunner';
import { usePresence } from './usePresence';
import './pages.css';

/**
 * What the board screen shows besides boards: the named page of the address, or the dashboard
 * links of a home board (on a phone the screen shows them as a strip above the row instead);
 * and the tour that starts by itself.
 */
export function PageLayer(props: {
  page: PageId | null;
  path: string;
  boards: Multilist[];
  ctx: CommandContext;
  phone: boolean;
}) {
  const { page, path, boards, ctx, phone } = props;
  const owner = pageOwner(path, ctx.user?.username);
  usePresence(page !== null);
  return (
    <>
      {page ? (
        <NamedPage page={page} owner={owner} ctx={ctx} />
      ) : (
        !phone && <DashboardLinks boards={boards} ctx={ctx} />
      )}
      <TourRunner ready={page !== null || boards.length > 0} />
    </>
  );
}
