/**
 * How boards are shown: zoom, collapse, compact, headlines, table of contents, sections,
 * colours, sentences, display mode, drag lock, theme, notes and labels. Toggles flip at once;
 * settings with several values open their form (forms/board.ts), and every toggle also has its
 * form in the More menu, as the spec lists them.
 */
import { LIST_WIDTH_STEPS, LIST_ZOOM_MAX, LIST_ZOOM_MIN } from '@listboard/core';
import {
  Columns2,
  FoldVertical,
  Heading,
  Lock,
  MessageSquare,
  Palette,
  Pilcrow,
  Replace,
  Rows3,
  SunMoon,
  TableOfContents,
  Tags,
  LayoutList,
  ZoomIn,
  ZoomOut,
  ChevronsDownUp,
  PanelTopClose,
  UnfoldHorizontal,
  FoldHorizontal,
} from 'lucide-react';
import type { Command, CommandContext } from './registry';
import { itemIsOpen, listIsOpen, needItemShown, needList, selectedList } from './helpers';
import type { Display } from '../state/ui';

const MAX_ZOOM = LIST_WIDTH_STEPS.length - 1;

type Flag = {
  [K in keyof Display]: Display[K] extends boolean ? K : never;
}[keyof Display];

/** A board view-state toggle: on the toolbar or not, with an optional spec shortcut. */
function toggle(id: string, label: string, flag: Flag, extra: Partial<Command> = {}): Command {
  return {
    id,
    label,
    group: 'view',
    pressed: (c) => c.display[flag],
    run: (c) => c.actions.setDisplay({ [flag]: !c.display[flag] }),
    ...extra,
  };
}

/** Opens one of the view forms of section 2. */
const formCommand = (
  id: string,
  label: string,
  form: string,
  extra: Partial<Command> = {},
): Command => ({ id, label, group: 'view', run: (c) => c.actions.openForm(form), ...extra });

const listZoom = (c: CommandContext, listId: string) =>
  c.listState(listId).zoom ?? Math.max(LIST_ZOOM_MIN, Math.min(LIST_ZOOM_MAX, c.display.zoom));

export const VIEW_COMMANDS: Command[] = [
  {
    id: 'zoomIn',
    label: 'Zoom in',
    group: 'view',
    shortcut: 'ctrl+z',
    toolbar: true,
    icon: ZoomIn,
    enabled: (c) => c.display.zoom < MAX_ZOOM,
    run: (c) => c.actions.setDisplay({ zoom: Math.min(MAX_ZOOM, c.display.zoom + 1) }),
  },
  {
    id: 'zoomOut',
    label: 'Zoom out',
    group: 'view',
    shortcut: 'ctrl+y',
    toolbar: true,
    icon: ZoomOut,
    enabled: (c) => c.display.zoom > 0,
    run: (c) => c.actions.setDisplay({ zoom: Math.max(0, c.display.zoom - 1) }),
  },
  formCommand('zoomForm', 'Zoom…', 'zoom'),
  toggle('collapseItems', 'Collapse all items', 'collapseItems', {
    shortcut: 'ctrl+g',
    icon: ChevronsDownUp,
  }),
  toggle('collapseLists', 'Collapse all lists', 'collapseLists', {
    shortcut: 'ctrl+h',
    icon: PanelTopClose,
  }),
  formCommand('collapseForm', 'Collapse items…', 'collapseItems'),
  toggle('compact', 'Compact view', 'compactView', { icon: Rows3 }),
  formCommand('compactForm', 'Compact view…', 'compact'),
  toggle('headlines', 'Headline view', 'headlineView', { icon: Heading }),
  formCommand('headlineForm', 'Headline view…', 'headlineView'),
  toggle('toc', 'Table of contents', 'tocView', { icon: TableOfContents }),
  formCommand('tocForm', 'Table of contents view…', 'tocView'),
  toggle('sentences', 'Sentences', 'sentences', { icon: Pilcrow }),
  formCommand('colors', 'Colors', 'colors', { icon: Palette }),
  formCommand('sectionDisplay', 'Section display', 'sectionDisplay', { icon: LayoutList }),
  {
    id: 'displayMode',
    label: 'Replace mode',
    group: 'view',
    icon: Replace,
    pressed: (c) => c.prefs.displayMode === 'replace_global',
    run: (c) =>
      c.actions.setPrefs({
        displayMode: c.prefs.displayMode === 'append' ? 'replace_global' : 'append',
      }),
  },
  formCommand('displayModeForm', 'Display mode…', 'displayMode'),
  {
    id: 'dragLock',
    label: 'Drag lock',
    group: 'view',
    icon: Lock,
    visible: (c) => c.abilities?.edit === true && !c.results,
    pressed: (c) => c.prefs.dragLock,
    run: (c) => c.actions.setPrefs({ dragLock: !c.prefs.dragLock }),
  },
  formCommand('theme', 'Theme', 'theme', { icon: SunMoon }),
  {
    id: 'cycleTheme',
    label: 'Next theme',
    group: 'view',
    run: (c) => c.actions.cycleTheme(),
  },
  {
    id: 'toggleNotes',
    label: 'Show notes',
    group: 'annotate',
    shortcut: 'alt+m',
    toolbar: true,
    icon: MessageSquare,
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
  {
    id: 'toggleLabels',
    label: 'Show labels',
    group: 'view',
    shortcut: 'alt+t',
    icon: Tags,
    pressed: (c) => !c.prefs.hideLabels,
    run: (c) => c.actions.setPrefs({ hideLabels: !c.prefs.hideLabels }),
  },
  {
    id: 'toggleList',
    label: 'Open or close the list',
    group: 'view',
    shortcut: 'alt+d',
    run: (c) =>
      needList(c, (id) => {
        c.actions.setListState(id, { open: !listIsOpen(c.display, c.listState(id)) });
      }),
  },
  {
    id: 'toggleItem',
    label: 'Open or close the item',
    group: 'view',
    shortcut: 'alt+n',
    item: true,
    icon: FoldVertical,
    run: (c) =>
      needItemShown(c, (id) => {
        c.actions.setItemState(id, { open: !itemIsOpen(c.display, c.itemState(id)) });
      }),
  },
  {
    id: 'splitList',
    label: 'Split the list in two panes',
    group: 'view',
    shortcut: 'ctrl+shift+l',
    icon: Columns2,
    run: (c) => needList(c, (listId) => c.actions.toggleSplit(listId)),
  },
  {
    id: 'listZoomIn',
    label: 'Widen the list',
    group: 'view',
    icon: UnfoldHorizontal,
    enabled: (c) => {
      const list = selectedList(c);
      return list === null || listZoom(c, list._id) < LIST_ZOOM_MAX;
    },
    run: (c) =>
      needList(c, (id) => {
        const z = listZoom(c, id);
        c.actions.setListState(id, { prevZoom: z, zoom: Math.min(LIST_ZOOM_MAX, z + 1) });
      }),
  },
  {
    id: 'listZoomOut',
    label: 'Narrow the list',
    group: 'view',
    icon: FoldHorizontal,
    enabled: (c) => {
      const list = selectedList(c);
      return list === null || listZoom(c, list._id) > LIST_ZOOM_MIN;
    },
    run: (c) =>
      needList(c, (id) => {
        const z = listZoom(c, id);
        c.actions.setListState(id, { prevZoom: z, zoom: Math.max(LIST_ZOOM_MIN, z - 1) });
      }),
  },
];
