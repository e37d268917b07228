import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBoard } from '../test/fixtures';
import { MentionArea } from './MentionArea';

const board = makeBoard('author', 'Course', [{ title: 'Week 1', items: ['Read this.'] }]);
const item = board.lists[0]!.items[0]!;
item.notes = [{ ...item, _id: 'n1', author: 'reader', hint: 'Sam Lee' }];

function Field({ suggests = true, on = board }: { suggests?: boolean; on?: typeof board }) {
  const [value, setValue] = useState('');
  return (
    <MentionArea
      id="words"
      aria-label="Your note"
      value={value}
      onValue={setValue}
      mentions={suggests ? { board: on, user: null } : null}
    />
  );
}

const words = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your note' });
const typeIn = (text: string) => fireEvent.change(words(), { target: { value: text } });

afterEach(cleanup);

describe('a note’s words offer people to mention', () => {
  it('lists them as @ and a name are typed and writes the one chosen in place', () => {
    render(<Field />);
    typeIn('Ask @sa');
    expect(screen.getByRole('option').textContent).toBe('@readerSam Lee');
    expect(words().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option').id);
    expect(screen.getByRole('status').textContent).toMatch(/^1 person to mention/);
    fireEvent.keyDown(words(), { key: 'Enter' });
    expect(words().value).toBe('Ask @reader ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('puts the caret after the name written at once, before the next key, with words after it', () => {
    render(<Field />);
    typeIn('Ask @sa and the editors');
    // The caret back after `@sa`, as a reader who went back to name someone would put it.
    words().setSelectionRange(7, 7);
    fireEvent.select(words());
    fireEvent.keyDown(words(), { key: 'Enter' });
    expect(words().value).toBe('Ask @reader  and the editors');
    // No frame waited for: the next key typed goes here, not to the end.
    expect([words().selectionStart, words().selectionEnd]).toEqual([12, 12]);
  });

  it('leaves Enter to a word being composed, and Escape closes the list alone', () => {
    render(<Field />);
    typeIn('Ask @re');
    fireEvent.keyDown(words(), { key: 'Enter', isComposing: true });
    expect(words().value).toBe('Ask @re');
    const escape = fireEvent.keyDown(words(), { key: 'Escape' });
    // Handled: the form around it does not take the Escape for a Cancel.
    expect(escape).toBe(false);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('is a plain textarea where the field names no one', () => {
    render(<Field suggests={false} />);
    typeIn('Ask @sa');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(words().getAttribute('aria-autocomplete')).toBeNull();
  });
});

describe('a note’s words offer the tags the board’s notes carry', () => {
  it('lists them as # and a tag’s start are typed, most carried first, and writes the one chosen in place', () => {
    const tagged = makeBoard('author', 'Course', [{ title: 'Week 1', items: ['Read this.'] }]);
    const on = tagged.lists[0]!.items[0]!;
    on.notes = ['#question why?', 'So #Confused. #question', 'A #quote', 'C# and #1'].map(
      (text, i) => ({ ...on, _id: `t${i}`, text, author: 'reader' }),
    );
    const { unmount } = render(<Field on={tagged} />);
    typeIn('Me too #');
    expect(screen.getByRole('listbox', { name: 'Tags' })).toBeDefined();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '#question2 notes',
      '#confused1 note',
      '#quote1 note',
    ]);
    typeIn('Me too #Qu');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '#question2 notes',
      '#quote1 note',
    ]);
    expect(screen.getByRole('status').textContent).toMatch(/^2 tags: Up and Down choose/);
    fireEvent.keyDown(words(), { key: 'ArrowDown' });
    fireEvent.keyDown(words(), { key: 'Enter' });
    expect(words().value).toBe('Me too #quote ');
    // Nothing is offered inside a word (C#) or for a tag no note carries.
    typeIn('C#');
    expect(screen.queryByRole('listbox')).toBeNull();
    typeIn('#zebra');
    expect(screen.queryByRole('listbox')).toBeNull();
    unmount();
    // The tags the board asks for come first, in its order, one no note carries yet too.
    render(<Field on={{ ...tagged, noteTags: ['evidence', 'question'] }} />);
    typeIn('Me too #');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '#evidenceno note yet',
      '#question2 notes',
      '#confused1 note',
      '#quote1 note',
    ]);
  });
});
