/**
 * One registry for every toolbar button, keyboard shortcut and navigation function. The toolbar,
 * the keyboard handler and the shortcut sheet all render from this list, so a shortcut shown is
 * always the shortcut that works.
 */
import type { Abilities, Multilist, PublicUser, ToolbarRoleFlags } from '@listboard/core';
import type { Display, Selection } from '../state/ui';

export type CommandGroup = 'navigate' | 'view' | 'edit' | 'account' | 'help' | 'admin';

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
  actions: CommandActions;
}

export interface CommandActions {
  navigate(to: string): void;
  back(): void;
  forward(): void;
  reload(): void;
  alert(text: string): void;
  openForm(id: string): void;
  setDisplay(patch: Partial<Display>): void;
  select(next: Partial<Selection>): void;
  clearSelection(): void;
  moveSelection(level: 'list' | 'item', to: 'prev' | 'next' | 'first' | 'last'): void;
  call(path: string, body: object, label: string): Promise<boolean>;
  cycleTheme(): void;
  signOut(): Promise<void>;
}

export interface Command {
  id: string;
  label: string;
  group: CommandGroup;
  /** As written in the spec: 'ctrl+shift+o', 'alt+d', 'l'. */
  shortcut?: string;
  /** Shown on the toolbar (otherwise in the More menu); may depend on the user's role. */
  toolbar?: boolean | ((ctx: CommandContext) => boolean);
  icon?: string;
  visible?(ctx: CommandContext): boolean;
  enabled?(ctx: CommandContext): boolean;
  run(ctx: CommandContext): void | Promise<void>;
}

export function isVisible(c: Command, ctx: CommandContext): boolean {
  return c.visible ? c.visible(ctx) : true;
}
export function onToolbar(c: Command, ctx: CommandContext): boolean {
  return typeof c.toolbar === 'function' ? c.toolbar(ctx) : c.toolbar === true;
}
export function isEnabled(c: Command, ctx: CommandContext): boolean {
  return isVisible(c, ctx) && (c.enabled ? c.enabled(ctx) : true);
}
