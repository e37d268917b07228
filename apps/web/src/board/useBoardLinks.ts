import type { MouseEvent, RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Multilist } from '@listboard/core';
import { useAlerts } from '../state/alerts';
import { useUi } from '../state/ui';
import { executeCommand } from '../commands/execute';
import type { CommandContext } from '../commands/registry';
import { handleLinkClick } from './links';
import { boardLinkActions } from './boardLinks';
import { linkDestination } from './displayMode';
import { mayLeave } from './editGuard';
import { scrollIntoViewIfAble } from '../dom';

/**
 * The one click handler for every link inside the boards (links.ts): an address already on
 * screen brings its board into view, a `^name()` link runs that command through executeCommand.
 */
export function useBoardLinks(
  main: RefObject<HTMLElement | null>,
  boards: Multilist[],
  ctx: CommandContext,
): (e: MouseEvent) => void {
  const location = useLocation();
  const navigate = useNavigate();
  const alert = useAlerts((s) => s.show);
  const ui = useUi();
  const here = `${location.pathname}${location.search}`;
  return (e) =>
    handleLinkClick(
      e,
      boardLinkActions({
        root: main.current,
        boards,
        showNotes: ui.display.showNotes,
        navigate: (to) => {
          const dest = linkDestination(here, to, ui.displayMode);
          if (dest.split('#')[0] !== here && !mayLeave(ui, alert)) return;
          if (dest.split('#')[0] === here) {
            // Already on screen: bring that board into view instead of loading it again.
            const key = to.replace(/[?#][\s\S]*$/, '').replace(/^\//, '');
            scrollIntoViewIfAble(
              [...(main.current?.querySelectorAll<HTMLElement>('[data-board]') ?? [])].find(
                (el) => el.dataset.board === key,
              ),
              { behavior: 'smooth', inline: 'start', block: 'nearest' },
            );
            if (dest.includes('#')) void navigate(dest);
            return;
          }
          void navigate(dest);
        },
        alert,
        toggleList: ui.toggleList,
        toggleLabel: ui.toggleLabel,
        toggleTag: ui.toggleTag,
        runFunction: (name) => executeCommand(name, 'link', ctx),
      }),
    );
}
