/**
 * The board's Insight: its page and the Course grades page (the Annotate menu), and the heat
 * view that shades the board's items by how many notes they drew (the View menu), for the
 * board's authors (core/policy 'insight').
 */
import { ChartColumn, Flame, GraduationCap } from 'lucide-react';
import type { Command, CommandContext } from './registry';
import { boardHref } from '../board/itemLink';

const offered = (c: CommandContext) =>
  !c.results && c.board !== null && !c.board.locked && c.abilities?.insight === true;

/** The Insight page's address for a board. */
export const insightHref = (board: { owner: string; ptitle: string }) =>
  `${boardHref(board)}/insight`;

/** The Course grades page's address, from a board's address ('/owner/board'). */
export const gradesHref = (address: string) => `${address}/grades`;

export const INSIGHT_COMMANDS: Command[] = [
  {
    id: 'insight',
    label: 'Insight',
    group: 'annotate',
    icon: ChartColumn,
    visible: offered,
    run: (c) => {
      if (c.board) c.actions.navigate(insightHref(c.board));
    },
  },
  {
    id: 'courseGrades',
    label: 'Course grades',
    group: 'annotate',
    icon: GraduationCap,
    visible: offered,
    run: (c) => {
      if (c.board) c.actions.navigate(gradesHref(boardHref(c.board)));
    },
  },
  {
    id: 'heatView',
    label: 'Heat view',
    group: 'view',
    icon: Flame,
    visible: offered,
    pressed: (c) => c.display.heatView,
    run: (c) => c.actions.setDisplay({ heatView: !c.display.heatView }),
  },
];
