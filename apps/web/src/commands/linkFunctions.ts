import type { CommandContext } from './registry';
import { COMMANDS } from './definitions';

/**
 * Functions a `^name(args)` link may call: every command of the registry by its id, so an author
 * can write `[Zoom in](^zoomIn())` or `[Help](^help())` in an item.
 */
export const LINK_FUNCTIONS: Record<string, (ctx: CommandContext) => void> = Object.fromEntries(
  COMMANDS.map((c) => [c.id, (ctx: CommandContext) => void c.run(ctx)]),
);
