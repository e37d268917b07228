import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeMsg, type Multilist } from '@listboard/core';
import { makeBoard } from '../test/fixtures';
import { fakeServer } from '../test/server';
import { addToHome, homeItemText, linksTo } from './addToHome';
import { callApi, type ChangeCall } from '../api/client';

afterEach(() => vi.unstubAllGlobals());

const course = makeBoard(
  'author',
  'Reading [the] News',
  [{ title: 'Week', items: ['Week 1'] }],
  'Four weeks on sources, framing and evidence.',
);
const homeOf = (username: string, items: string[]): Multilist =>
  makeBoard(username, 'home', [{ title: 'My boards', items }], `${username}: home board.`);
const example = 'Put links to boards here, like this:\n\n[Sample](/author/reading-the-news)';
const call: ChangeCall = (path, input) => callApi(path, input);

describe('an item for a board on a home board', () => {
  it('links to the board in bold, names someone else’s owner and says what the board is', () => {
    const text = homeItemText(course, 'reader');
    expect(text).toBe(
      `**[Reading \\[the\\] News](/author/${course.ptitle})** by author\n\n` +
        'Four weeks on sources, framing and evidence.',
    );
    expect(linksTo(text, course)).toBe(true);
    // One's own board needs no owner; a board never described is its link alone.
    const mine = makeBoard('reader', 'Notes', [], 'No description.');
    expect(homeItemText(mine, 'reader')).toBe('**[Notes](/reader/notes)**');
  });

  it('cuts a long description at a word', () => {
    const long = makeBoard('author', 'Long', [], `${'word '.repeat(80)}end`);
    const said = homeItemText(long, 'reader').split('\n\n')[1] ?? '';
    expect(said.length).toBeLessThanOrEqual(201);
    expect(said).toMatch(/word…$/);
  });

  it('counts an item that begins with a link to the board, alone or in a chain, not a mention', () => {
    expect(linksTo(`### [x](/admin/home;author/${course.ptitle})`, course)).toBe(true);
    expect(linksTo(`[x](/author/${course.ptitle}#week-2) and more`, course)).toBe(true);
    expect(linksTo(`See [x](/author/${course.ptitle})`, course)).toBe(false);
    expect(linksTo(`[x](/author/other)`, course)).toBe(false);
    expect(linksTo(`[x](https://example.org/author/${course.ptitle})`, course)).toBe(false);
  });
});

describe('add to my home board', () => {
  it('adds the item at the end of the home board’s first list', async () => {
    const home = homeOf('reader', [example]);
    const server = fakeServer([home, course], null);
    const said = await addToHome(course, 'reader', call);
    expect(said).toEqual({ done: true, text: homeMsg.added(course.title) });
    expect(server.loads()).toEqual([['/reader/home']]);
    const insert = server.calls.find((c) => c.path === '/api/forms/insert_item');
    expect(insert?.body).toEqual({
      listId: home.lists[0]?._id,
      text: homeItemText(course, 'reader'),
    });
  });

  it('links an unlisted board, or one behind a password, in a private item', async () => {
    // The home board is listed: a link there would give its readers the unlisted board's
    // address, or the description its password hides.
    for (const [listed, hasPassword, isPrivate] of [
      [false, false, true],
      [true, true, true],
      [true, false, undefined],
    ] as const) {
      const server = fakeServer([homeOf('reader', [example])], null);
      await addToHome({ ...course, listed, hasPassword }, 'reader', call);
      const insert = server.calls.find((c) => c.path === '/api/forms/insert_item');
      expect((insert?.body as { isPrivate?: boolean }).isPrivate).toBe(isPrivate);
    }
  });

  it('adds nothing for a board its home board has an item for, or when it has no list', async () => {
    for (const [home, text] of [
      [homeOf('reader', [example, homeItemText(course, 'reader')]), homeMsg.already(course.title)],
      [makeBoard('reader', 'home', []), homeMsg.noList],
    ] as const) {
      const server = fakeServer([home, course], null);
      await expect(addToHome(course, 'reader', call)).resolves.toEqual({ done: false, text });
      expect(server.calls.some((c) => c.path === '/api/forms/insert_item')).toBe(false);
    }
  });
});
