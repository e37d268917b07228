/**
 * The edit, mark and note operation toggles (spec section 2, editing extras): each shows or
 * hides one kind of the selected item's operations, its buttons and its Actions menu entries.
 * Their state is the board view state's editOps, markOps and noteOps, kept per user like the
 * rest of the view. The toggles themselves show where the role gets the edit and mark buttons
 * (editOpsDisplayed and markOpsDisplayed: toolbarRoleFlags' editButtons and markButtons); where
 * a toggle does not show, its operations are never hidden.
 */
import { Eye, MapPinned, MessageSquareDashed, PencilRuler } from 'lucide-react';
import type { ItemHandler } from '@listboard/core';
import type { Command, CommandContext } from './registry';

export type OpsKind = 'edit' | 'mark' | 'note';

const FLAG: Record<OpsKind, 'editOps' | 'markOps' | 'noteOps'> = {
  edit: 'editOps',
  mark: 'markOps',
  note: 'noteOps',
};

/** Which kind of operation each of an item's action buttons is (visit is none: it only reads). */
export const HANDLER_OPS: Record<ItemHandler, OpsKind | null> = {
  visit: null,
  edit: 'edit',
  insert: 'edit',
  duplicate: 'edit',
  delete: 'edit',
  label: 'edit',
  annotate: 'note',
  reply: 'note',
};

/** Whether this user gets the toggle for a kind of operation on this board. */
function hasToggle(ctx: CommandContext, kind: OpsKind): boolean {
  return kind === 'mark' ? ctx.flags?.markButtons === true : ctx.flags?.editButtons === true;
}

/** Whether operations of this kind show on the selected item. */
export function opsShown(ctx: CommandContext, kind: OpsKind | null | undefined): boolean {
  if (!kind || !hasToggle(ctx, kind)) return true;
  return ctx.display[FLAG[kind]];
}

function opsToggle(kind: OpsKind, label: string, extra: Partial<Command>): Command {
  const flag = FLAG[kind];
  return {
    id: flag,
    label,
    group: 'edit',
    icon: Eye,
    visible: (c) => hasToggle(c, kind),
    pressed: (c) => c.display[flag],
    run: (c) => c.actions.setDisplay({ [flag]: !c.display[flag] }),
    ...extra,
  };
}

export const OPS_COMMANDS: Command[] = [
  opsToggle('edit', 'Edit operations', { icon: PencilRuler }),
  opsToggle('mark', 'Mark operations', { icon: MapPinned }),
  opsToggle('note', 'Note operations', { icon: MessageSquareDashed, group: 'annotate' }),
];
