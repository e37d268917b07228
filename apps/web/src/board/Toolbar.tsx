import { useEffect, useRef } from 'react';
import { Check, ChevronDown, ChevronRight, Menu, type LucideIcon } from 'lucide-react';
import { COMMANDS } from '../commands/definitions';
import { GROUPS, type GroupInfo } from '../commands/groups';
import {
  isEnabled,
  isVisible,
  onPhoneBar,
  shortcutNow,
  onToolbar,
  type Command,
  type CommandContext,
} from '../commands/registry';
import { ariaKeys, formatKeys } from '../commands/keys';
import { executeCommand } from '../commands/execute';
import './toolbar.css';

/** The keys that move the keyboard between a menu's entries, as menus in other programs do. */
const MENU_MOVES: Readonly<Record<string, (at: number, count: number) => number>> = {
  ArrowDown: (at, n) => (at < 0 ? 0 : (at + 1) % n),
  ArrowUp: (at, n) => (at < 0 ? n - 1 : (at - 1 + n) % n),
  Home: () => 0,
  End: (_at, n) => n - 1,
};

/**
 * Up and Down (round from the last to the first), Home and End move the keyboard between the
 * open menu's entries, from its button or an entry; Tab still leaves it, and Escape closes it.
 */
function moveInMenu(menu: HTMLDetailsElement, e: KeyboardEvent) {
  const move = MENU_MOVES[e.key];
  if (!move || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (!(e.target instanceof Node) || !menu.contains(e.target)) return;
  // A phone's Menu keeps its groups folded: a folded group's entries are passed over, its
  // heading is a stop of its own.
  const entries = Array.from(
    menu.querySelectorAll<HTMLElement>(
      '[role^="menuitem"]:not(:disabled), .tool-menu-section > summary',
    ),
  ).filter((el) => el.getClientRects().length > 0);
  if (entries.length === 0) return;
  e.preventDefault();
  e.stopPropagation();
  const at = entries.indexOf(document.activeElement as HTMLElement);
  entries[move(at, entries.length)]?.focus();
}

/**
 * A <details> menu stays open until its summary is clicked again; a menu should also close on
 * Escape (giving focus back to its button) and on a click anywhere else.
 */
export function useClosingMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (refocus: boolean) => {
      const menu = ref.current;
      if (!menu?.open) return;
      menu.open = false;
      if (refocus) menu.querySelector('summary')?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && ref.current?.open) {
        e.stopPropagation();
        close(true);
      } else if (ref.current?.open) moveInMenu(ref.current, e);
    };
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close(false);
    };
    // Tabbed out of, it closes too: left open, it covers what the keyboard has moved on to.
    const onFocus = (e: FocusEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) close(false);
    };
    // Opened, its panel is moved sideways as far as it must to stay on the screen: a menu that
    // opens towards the left from a button the toolbar wrapped to a row's start would be cut.
    const menu = ref.current;
    const onToggle = () => {
      const panel = menu?.querySelector<HTMLElement>('.tool-menu-panel');
      if (!menu?.open || !panel) return;
      panel.style.translate = '';
      const { left, right } = panel.getBoundingClientRect();
      const margin = 8;
      const room = document.documentElement.clientWidth - margin;
      const dx =
        left < margin ? margin - left : right > room ? Math.max(room - right, margin - left) : 0;
      if (dx !== 0) panel.style.translate = `${String(dx)}px 0`;
    };
    menu?.addEventListener('toggle', onToggle);
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('focusin', onFocus);
    return () => {
      menu?.removeEventListener('toggle', onToggle);
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('focusin', onFocus);
    };
  }, []);
  return ref;
}

/**
 * Closes the menu an entry was picked from. The keyboard goes back to the menu's button: the
 * entry is hidden with the menu, and focus left on it falls to the page's start, where a screen
 * reader starts reading again. A command that opens a form takes it from there.
 */
const closeMenuOf = (el: Element) => {
  const menu = el.closest<HTMLDetailsElement>('details.tool-menu');
  if (!menu) return;
  if (menu.contains(document.activeElement)) menu.querySelector('summary')?.focus();
  menu.open = false;
};

/** One entry of a menu: icon, name and shortcut; a toggle shows whether it is on. */
export function MenuEntry({ c, ctx }: { c: Command; ctx: CommandContext }) {
  const Icon = c.icon;
  const checked = c.pressed ? c.pressed(ctx) : undefined;
  const shortcut = shortcutNow(c, ctx);
  return (
    <li role="none">
      <button
        type="button"
        role={c.pressed ? 'menuitemcheckbox' : 'menuitem'}
        // Named by its label alone: the shortcut shown beside it is the entry's aria-keyshortcuts.
        aria-keyshortcuts={shortcut ? ariaKeys(shortcut) : undefined}
        aria-checked={checked}
        disabled={!isEnabled(c, ctx)}
        onClick={(e) => {
          closeMenuOf(e.currentTarget);
          executeCommand(c.id, 'menu', ctx);
        }}
      >
        {Icon ? (
          <Icon className="menu-icon" aria-hidden="true" size={16} />
        ) : (
          <span className="menu-icon" aria-hidden="true" />
        )}
        <span className="menu-label">{c.label}</span>
        {checked && <Check className="menu-check" aria-hidden="true" size={16} />}
        {shortcut && <kbd aria-hidden="true">{formatKeys(shortcut)}</kbd>}
      </button>
    </li>
  );
}

interface Section {
  group: GroupInfo;
  commands: Command[];
}

/** A group's entries, named by the group's heading or, where the menu holds one group, by the menu. */
function Entries({
  commands,
  ctx,
  ...name
}: { commands: Command[]; ctx: CommandContext } & (
  { 'aria-label': string } | { 'aria-labelledby': string }
)) {
  return (
    <ul role="menu" {...name}>
      {commands.map((c) => (
        <MenuEntry key={c.id} c={c} ctx={ctx} />
      ))}
    </ul>
  );
}

/**
 * A labelled menu button and its entries, grouped under headings when it holds several groups.
 * `folded`: each group is a heading that opens its entries, one group open at a time (a phone's
 * one Menu holds every group: seven headings fit its screen, a hundred entries do not). A group
 * stays open until another is, so the Menu opens again where it was left.
 */
function ToolMenu({
  label,
  icon: Icon,
  sections,
  ctx,
  className = '',
  folded = false,
}: {
  label: string;
  icon: LucideIcon;
  sections: Section[];
  ctx: CommandContext;
  className?: string;
  folded?: boolean;
}) {
  const ref = useClosingMenu();
  const headed = sections.length > 1;
  return (
    <details className={`tool-menu ${className}`} ref={ref}>
      <summary className="tool tool-menu-button">
        <Icon aria-hidden="true" size={18} />
        <span>{label}</span>
        <ChevronDown className="chevron" aria-hidden="true" size={14} />
      </summary>
      <div className="tool-menu-panel">
        {sections.map(({ group, commands }) => {
          const GroupIcon = group.icon;
          return folded ? (
            <details key={group.id} className="tool-menu-section" name={`${label}-groups`}>
              <summary className="tool-menu-group">
                <GroupIcon className="menu-icon" aria-hidden="true" size={16} />
                <span className="menu-label">{group.label}</span>
                <ChevronRight className="chevron" aria-hidden="true" size={16} />
              </summary>
              <Entries commands={commands} ctx={ctx} aria-label={group.label} />
            </details>
          ) : (
            <div key={group.id} className="tool-menu-section">
              {headed && (
                <h2 className="tool-menu-heading" id={`menu-heading-${group.id}`}>
                  {group.label}
                </h2>
              )}
              {headed ? (
                <Entries
                  commands={commands}
                  ctx={ctx}
                  aria-labelledby={`menu-heading-${group.id}`}
                />
              ) : (
                <Entries commands={commands} ctx={ctx} aria-label={label} />
              )}
            </div>
          );
        })}
      </div>
    </details>
  );
}

/**
 * A command of its own on the bar: its icon, and its name where there is room. A guest's Sign in
 * and Sign up always show their names.
 */
function ToolButton({ c, ctx }: { c: Command; ctx: CommandContext }) {
  const Icon = c.icon;
  const named = !Icon || (c.group === 'account' && ctx.isGuest);
  const shortcut = shortcutNow(c, ctx);
  return (
    <button
      type="button"
      className={`tool tool-${c.group}${named ? ' tool-named' : ''}`}
      aria-label={c.label}
      aria-pressed={c.pressed ? c.pressed(ctx) : undefined}
      aria-keyshortcuts={shortcut ? ariaKeys(shortcut) : undefined}
      title={shortcut ? `${c.label} (${formatKeys(shortcut)})` : c.label}
      disabled={!isEnabled(c, ctx)}
      onClick={() => executeCommand(c.id, 'toolbar', ctx)}
    >
      {Icon ? <Icon aria-hidden="true" size={18} /> : null}
      <span className="tool-text">{c.label}</span>
    </button>
  );
}

/** Each group with the commands of it the user may see; groups with none are left out. */
function sectionsFor(ctx: CommandContext): { visible: Command[]; sections: Section[] } {
  const visible = COMMANDS.filter((c) => isVisible(c, ctx));
  const sections = GROUPS.map((group) => ({
    group,
    commands: visible.filter((c) => c.group === group.id),
  })).filter((s) => s.commands.length > 0);
  return { visible, sections };
}

/**
 * The controls bar, generated from the command registry. Each group (navigate, view, edit,
 * annotate, help, admin, account) is a labelled menu holding every command of the group with its
 * shortcut, followed by the group's most used commands as buttons. `phone`: the compact bar of a
 * phone or a short screen, a few buttons and one Menu holding all the groups, each folded under
 * its name.
 */
export function Toolbar({ ctx, phone = false }: { ctx: CommandContext; phone?: boolean }) {
  const { visible, sections } = sectionsFor(ctx);

  if (phone) {
    const kept = (group: string) => visible.filter((c) => c.group === group && onPhoneBar(c, ctx));
    const before = GROUPS.filter((g) => g.id !== 'account').flatMap((g) => kept(g.id));
    const account = kept('account');
    return (
      <nav className="controls-bar phone-bar" aria-label="Board tools">
        {before.map((c) => (
          <ToolButton key={c.id} c={c} ctx={ctx} />
        ))}
        <ToolMenu
          label="Menu"
          icon={Menu}
          sections={sections}
          ctx={ctx}
          className="phone-menu"
          folded
        />
        {account.length > 0 && (
          <div className="tool-group tool-group-account" role="group" aria-label="Account">
            {account.map((c) => (
              <ToolButton key={c.id} c={c} ctx={ctx} />
            ))}
          </div>
        )}
      </nav>
    );
  }

  return (
    <nav className="controls-bar" aria-label="Board tools">
      {sections
        .filter(({ group }) => group.id !== 'account')
        .map((section) => (
          <ToolGroup key={section.group.id} section={section} ctx={ctx} />
        ))}
    </nav>
  );
}

/** A group's menu, holding all of its commands, then its most used commands as buttons. */
function ToolGroup({ section, ctx }: { section: Section; ctx: CommandContext }) {
  const { group, commands } = section;
  return (
    <div className={`tool-group tool-group-${group.id}`} role="group" aria-label={group.label}>
      <ToolMenu label={group.label} icon={group.icon} sections={[section]} ctx={ctx} />
      {commands
        .filter((c) => onToolbar(c, ctx))
        .map((c) => (
          <ToolButton key={c.id} c={c} ctx={ctx} />
        ))}
    </div>
  );
}

/**
 * The Account group on a screen wider than a phone's: in the header, beside the user's name, as
 * most sites keep it, so the board's tools wrap to fewer rows (a tablet held upright: two, not
 * three with Account alone on the last).
 */
export function AccountTools({ ctx }: { ctx: CommandContext }) {
  const account = sectionsFor(ctx).sections.find(({ group }) => group.id === 'account');
  if (!account) return null;
  return (
    <nav className="controls-bar account-bar" aria-label="Account">
      <ToolGroup section={account} ctx={ctx} />
    </nav>
  );
}
