import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type TextareaHTMLAttributes,
} from 'react';
import { counted, mentionTyped, tagTyped } from '@listboard/core';
import { peopleOn, suggestions, tagsOn, tagSuggestions } from './mentions';
import type { FormContext } from './registry';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
  id: string;
  value: string;
  onValue: (value: string) => void;
  /**
   * Whose board and user suggest whom as `@` is typed, and which tags as `#` is (forms/mentions);
   * null: a plain textarea.
   */
  mentions: Pick<FormContext, 'board' | 'user'> | null;
  inputRef?: (el: HTMLTextAreaElement | null) => void;
};

/** One suggestion: what it writes in place, and how the list shows it. */
interface Offered {
  written: string;
  main: string;
  detail: string;
}

/**
 * A textarea that, as `@` and the start of a name are typed, lists the people it may mention
 * under it, and as `#` and the start of a tag, the tags the board's notes carry: Up and Down
 * choose, Enter or Tab (or a tap) writes `@username ` or `#tag ` in place, Escape closes the
 * list and leaves the form open. The list is the textarea's (aria-controls,
 * aria-activedescendant), and how many it offers is said to a screen reader.
 */
export function MentionArea({ id, value, onValue, mentions, inputRef, ...textarea }: Props) {
  const board = mentions?.board ?? null;
  const me = mentions?.user?.username ?? null;
  const suggests = mentions !== null;
  const people = useMemo(() => (suggests ? peopleOn(board, me) : null), [suggests, board, me]);
  const tags = useMemo(() => (suggests ? tagsOn(board) : null), [suggests, board]);
  const own = useRef<HTMLTextAreaElement | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  /** Where the mention whose list Escape closed starts: not offered again until another. */
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const mention = people && caret !== null ? mentionTyped(value, caret) : null;
  const tag = !mention && tags && caret !== null ? tagTyped(value, caret) : null;
  const typed = mention ?? tag;
  const shown: Offered[] =
    !typed || typed.start === closedAt
      ? []
      : mention && people
        ? suggestions(people, mention.prefix).map((p) => ({
            written: `@${p.username} `,
            main: `@${p.username}`,
            detail: p.name,
          }))
        : tag && tags
          ? tagSuggestions(tags, tag.prefix).map((t) => ({
              written: `#${t.tag} `,
              main: `#${t.tag}`,
              detail: t.notes ? counted(t.notes, 'note') : 'no note yet',
            }))
          : [];
  const open = shown.length > 0;
  const said = mention
    ? `${counted(shown.length, 'person', 'people')} to mention`
    : counted(shown.length, 'tag');
  const chosen = Math.min(active, shown.length - 1);
  const listId = `${id}-offered`;
  const optionId = (i: number) => `${listId}-${i}`;

  const follow = (el: HTMLTextAreaElement) => {
    const at = el.selectionStart === el.selectionEnd ? el.selectionStart : null;
    if (at !== caret) setActive(0);
    setCaret(at);
  };
  const pick = (p: Offered | undefined) => {
    if (!p || !typed || caret === null) return;
    const { written } = p;
    onValue(`${value.slice(0, typed.start)}${written}${value.slice(caret)}`);
    const at = typed.start + written.length;
    setCaret(at);
    placeCaret.current = at;
  };
  // The caret goes after the name as the new words are drawn, before the next key is read: set a
  // frame later, keys typed fast after Enter went to the end of the words, and the rest then
  // went back after the name.
  const placeCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = placeCaret.current;
    if (at === null) return;
    placeCaret.current = null;
    own.current?.focus();
    own.current?.setSelectionRange(at, at);
  });
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // A key that ends a word being composed (Chinese, Japanese, Korean) is the composer's.
    if (!open || e.nativeEvent.isComposing) return;
    const step = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (step !== undefined) setActive((chosen + step + shown.length) % shown.length);
    else if (e.key === 'Enter' || e.key === 'Tab') pick(shown[chosen]);
    else if (e.key === 'Escape') setClosedAt(typed?.start ?? null);
    else return;
    // Handled here: not a new line, a move out of the field, or the form's Escape.
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <>
      <textarea
        rows={5}
        // Arabic or Hebrew typed runs right to left, English left to right.
        dir="auto"
        {...textarea}
        id={id}
        ref={(el) => {
          own.current = el;
          inputRef?.(el);
        }}
        value={value}
        onChange={(e) => {
          onValue(e.target.value);
          follow(e.target);
        }}
        onSelect={(e) => follow(e.currentTarget)}
        onKeyDown={onKeyDown}
        aria-autocomplete={people ? 'list' : undefined}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(chosen) : undefined}
      />
      {open && (
        <ul
          className="mention-list"
          id={listId}
          role="listbox"
          aria-label={mention ? 'People to mention' : 'Tags'}
        >
          {shown.map((p, i) => (
            <li
              key={p.main}
              id={optionId(i)}
              role="option"
              aria-selected={i === chosen}
              // The textarea keeps the keyboard: a press here does not take it away.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(p)}
            >
              <span className="mention-username">{p.main}</span>
              {p.detail && <span className="mention-name">{p.detail}</span>}
            </li>
          ))}
        </ul>
      )}
      {people && (
        <span className="visually-hidden" role="status">
          {open ? `${said}: Up and Down choose, Enter writes the ${mention ? 'name' : 'tag'}.` : ''}
        </span>
      )}
    </>
  );
}
