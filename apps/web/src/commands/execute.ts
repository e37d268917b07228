/**
 * The one way a command runs, whatever asked for it: a toolbar button, a shortcut, a menu entry,
 * a `^name()` link in an item's text or a form. The command must exist and be enabled for the
 * context (and the note, for a note's own controls); otherwise it does not run, and a link, which
 * an author may point at anything, says why.
 */
import { COMMANDS } from './definitions';
import { NOTE_CONTROL_COMMANDS } from './noteControls';
import { isEnabled, type Command, type CommandContext, type NoteTarget } from './registry';

export type CommandSource = 'toolbar' | 'shortcut' | 'menu' | 'link' | 'form';

/** What a link to a command that cannot run says (the spec leaves both open). */
export const commandMsg = {
  unknown: (id: string) => `No function named ${id}.`,
  refused: (label: string) => `${label} is not available here.`,
} as const;

const BY_ID = new Map<string, Command>(
  [...COMMANDS, ...NOTE_CONTROL_COMMANDS].map((c) => [c.id, c]),
);

export function commandById(id: string): Command | undefined {
  return BY_ID.get(id);
}

/** Runs command `id` if it exists and is enabled; whether it ran. */
export function executeCommand(
  id: string,
  source: CommandSource,
  ctx: CommandContext,
  note?: NoteTarget,
): boolean {
  const c = BY_ID.get(id);
  if (!c || !isEnabled(c, ctx, note)) {
    if (source === 'link')
      ctx.actions.alert(c ? commandMsg.refused(c.label) : commandMsg.unknown(id));
    return false;
  }
  void c.run(ctx, note);
  return true;
}
