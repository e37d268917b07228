/** How boards are shown: zoom, collapse, compact, headlines, theme, notes. */
import { LIST_WIDTH_STEPS } from '@listboard/core';
import type { Command } from './registry';

const MAX_ZOOM = LIST_WIDTH_STEPS.length - 1;

export const VIEW_COMMANDS: Command[] = [
  {
    id: 'zoomIn',
    label: 'Zoom in',
    group: 'view',
    shortcut: 'ctrl+z',
    toolbar: true,
    icon: '+',
    enabled: (c) => c.display.zoom < MAX_ZOOM,
    run: (c) => c.actions.setDisplay({ zoom: Math.min(MAX_ZOOM, c.display.zoom + 1) }),
  },
  {
    id: 'zoomOut',
    label: 'Zoom out',
    group: 'view',
    shortcut: 'ctrl+y',
    toolbar: true,
    icon: '−',
    enabled: (c) => c.display.zoom > 0,
    run: (c) => c.actions.setDisplay({ zoom: Math.max(0, c.display.zoom - 1) }),
  },
  {
    id: 'collapseItems',
    label: 'Collapse all items',
    group: 'view',
    shortcut: 'ctrl+g',
    run: (c) => c.actions.setDisplay({ collapseItems: !c.display.collapseItems }),
  },
  {
    id: 'collapseLists',
    label: 'Collapse all lists',
    group: 'view',
    shortcut: 'ctrl+h',
    run: (c) => c.actions.setDisplay({ collapseLists: !c.display.collapseLists }),
  },
  {
    id: 'compact',
    label: 'Compact view',
    group: 'view',
    toolbar: true,
    icon: '☰',
    run: (c) => c.actions.setDisplay({ compactView: !c.display.compactView }),
  },
  {
    id: 'headlines',
    label: 'Headline view',
    group: 'view',
    run: (c) => c.actions.setDisplay({ headlineView: !c.display.headlineView }),
  },
  {
    id: 'theme',
    label: 'Theme',
    group: 'view',
    toolbar: true,
    icon: '◐',
    run: (c) => c.actions.cycleTheme(),
  },
  {
    id: 'toggleNotes',
    label: 'Show notes',
    group: 'view',
    shortcut: 'alt+m',
    toolbar: true,
    icon: '✎',
    run: (c) =>
      c.actions.setDisplay({
        showNotes:
          c.display.showNotes === 'annos+notes'
            ? 'none'
            : c.display.showNotes === 'none'
              ? 'annos'
              : 'annos+notes',
      }),
  },
];
