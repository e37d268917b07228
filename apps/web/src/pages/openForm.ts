import { hasForm } from '../forms/definitions';
import type { CommandContext } from '../commands/registry';

/** Opens a form of the registry by id; says so plainly if this build has no such form. */
export function openFormById(ctx: CommandContext, id: string, missing: string): void {
  if (hasForm(id)) ctx.actions.openForm(id);
  else ctx.actions.alert(missing);
}
