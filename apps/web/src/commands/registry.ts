/**
 * One registry for every toolbar button, keyboard shortcut, navigation function and note control.
 * The toolbar, the keyboard handler and the shortcut sheet all render from this list, so a
 * shortcut shown is always the shortcut that works; every control runs its command through
 * executeCommand (execute.ts), which checks it is enabled first.
 */
import type { Abilities, Item, Multilist, PublicUser, ToolbarRoleFlags } from '@listboard/core';
import type { LucideIcon } from 'lucide-react';
import type {
  Display,
  ItemViewState,
  ListViewState,
  OpenForm,
  Prefs,
  Selection,
} from '../state/ui';
import type { ChangeCall } from '../api/client';

export type CommandScope = 'board' | 'text';

export type CommandGroup = 'navigate' | 'view' | 'edit' | 'annotate' | 'help' | 'admin' | 'account';

export interface CommandContext {
  user: PublicUser | null;
  isGuest: boolean;
  boards: Multilist[];
  /** The board the selection is in, else the last one in the chain. */
  board: Multilist | null;
  abilities: Abilities | null;
  flags: ToolbarRoleFlags | null;
  selection: Selection;
  display: Display;
  prefs: Prefs;
  /** The open form, if any (input mode). */
  form: OpenForm | null;
  /** The board on screen is a search's results, made on the fly (no editing in place). */
  results: boolean;
  /** A list's and an item's view state: what the server sent, with this visit's changes. */
  listState: (listId: string) => ListViewState;
  itemState: (itemId: string) => ItemViewState;
  actions: CommandActions;
}

/**
 * Where a form opens when it is not at the selection: a reply at its note. A form that is open
 * already closes when it is asked for again (`toggle`, as every toolbar form), or the ask is
 * refused while any form is open (`refuse`, a note's own Reply).
 */
export interface FormPlace {
  target: Selection;
  noteId?: string;
  whileOpen: 'toggle' | 'refuse';
}

export interface CommandActions {
  navigate: (to: string) => void;
  back: () => void;
  forward: () => void;
  reload: () => void;
  alert: (text: string) => void;
  /** Opens form `id` at the selection, or at `place`. */
  openForm: (id: string, place?: FormPlace) => void;
  setDisplay: (patch: Partial<Display>) => void;
  select: (next: Partial<Selection>) => void;
  clearSelection: () => void;
  moveSelection: (level: 'list' | 'item', to: 'prev' | 'next' | 'first' | 'last') => void;
  /** A change: a failure is alerted, a success reloads the boards. */
  call: ChangeCall;
  cycleTheme: () => void;
  setPrefs: (patch: Partial<Prefs>) => void;
  /** Changes a list's or an item's view state here and on the server (update_listvs/itemvs). */
  setListState: (listId: string, patch: ListViewState) => void;
  setItemState: (itemId: string, patch: ItemViewState) => void;
  /** Opens or closes a list's editor (one at a time). */
  toggleListEditor: (listId: string) => void;
  toggleSplit: (listId: string) => void;
}

/**
 * What a note's own controls act on: the note, the item and board it shows in (a note listed as
 * an item of its own, as on the Discussion page, is its own item), and whether that board is a
 * search's results.
 */
export interface NoteTarget {
  board: Multilist;
  item: Item;
  note: Item;
  results: boolean;
}

export interface Command {
  id: string;
  label: string;
  group: CommandGroup;
  /** As written in the spec: 'ctrl+shift+o', 'alt+d', 'l'. */
  shortcut?: string;
  /**
   * Where the shortcut applies. 'text' commands win while text is selected in an item; 'board'
   * (the default) applies otherwise. No two commands share a key within one scope.
   */
  scope?: CommandScope;
  /** For toggles: whether it is on now (shown as a pressed button). */
  pressed?: (ctx: CommandContext) => boolean;
  /**
   * Also a button of its own on the toolbar, beside its group's menu (every command is in its
   * group's menu); may depend on the user's role.
   */
  toolbar?: boolean | ((ctx: CommandContext) => boolean);
  /** Kept on the toolbar on a phone too, where everything else is in the one Menu. */
  phone?: boolean | ((ctx: CommandContext) => boolean);
  /** Acts on the selected item: listed in that item's Actions menu. */
  item?: boolean;
  /**
   * The kind of item operation it is: the edit, mark and note operation toggles show or hide
   * the selected item's operations by kind (ops.ts).
   */
  ops?: 'edit' | 'mark' | 'note';
  icon?: LucideIcon;
  /** A note's own controls (noteControls.ts) are given their note; other commands are not. */
  visible?: (ctx: CommandContext, note?: NoteTarget) => boolean;
  enabled?: (ctx: CommandContext, note?: NoteTarget) => boolean;
  run: (ctx: CommandContext, note?: NoteTarget) => void | Promise<void>;
}

export function isVisible(c: Command, ctx: CommandContext, note?: NoteTarget): boolean {
  return c.visible ? c.visible(ctx, note) : true;
}
export function onToolbar(c: Command, ctx: CommandContext): boolean {
  return typeof c.toolbar === 'function' ? c.toolbar(ctx) : c.toolbar === true;
}
export function onPhoneBar(c: Command, ctx: CommandContext): boolean {
  return typeof c.phone === 'function' ? c.phone(ctx) : c.phone === true;
}
export function isEnabled(c: Command, ctx: CommandContext, note?: NoteTarget): boolean {
  return isVisible(c, ctx, note) && (c.enabled ? c.enabled(ctx, note) : true);
}

/** The scopes in force, most specific first. */
export function activeScopes(ctx: CommandContext): CommandScope[] {
  return ctx.selection.text ? ['text', 'board'] : ['board'];
}

/**
 * The shortcut a menu entry or button shows: its key only while that key runs it. Note's alt+n
 * notes words selected in an item; with none, the same key opens or closes the item instead.
 */
export function shortcutNow(c: Command, ctx: CommandContext): string | undefined {
  return activeScopes(ctx).includes(c.scope ?? 'board') ? c.shortcut : undefined;
}
