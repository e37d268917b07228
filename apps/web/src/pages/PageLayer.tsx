import type { Multilist } from '@listboard/core';
import type { CommandContext } from '../commands/registry';
import { pageOwner, type PageId } from './registry';
import { NamedPage } from './NamedPage';
import { TourRunner } from './TourRunner';
import { usePresence } from './usePresence';
import './pages.css';

/**
 * What the board screen shows besides boards: the named page of the address, and the tour that
 * starts by itself. (A home board's dashboard links are placed by the screen, as the named
 * pages' tabs are: beside the board, or above the row on a phone.)
 */
export function PageLayer(props: {
  page: PageId | null;
  path: string;
  boards: Multilist[];
  ctx: CommandContext;
}) {
  const { page, path, boards, ctx } = props;
  const owner = pageOwner(path, ctx.user?.username);
  usePresence(page !== null);
  return (
    <>
      {page && <NamedPage page={page} owner={owner} ctx={ctx} />}
      <TourRunner ready={page !== null || boards.length > 0} />
    </>
  );
}
