import { describe, expect, it } from 'vitest';
import {
  clampMediaTime,
  defaultLoadedTitle,
  joinableGroups,
  loadFileTypeOf,
  validateBoardPassword,
  validateJoinGroup,
  validateLoad,
  validatePosterFrame,
  validateSelectGroup,
} from './board';

describe('validateLoad', () => {
  const message = 'You must provide either a URL, a file, or a query.';

  it('needs a URL, a file or a query', () => {
    expect(validateLoad({})).toBe(message);
    expect(validateLoad({ url: ' ', file: null, query: '' })).toBe(message);
  });

  it('accepts any one of them', () => {
    expect(validateLoad({ url: 'https://example.org/a.pdf' })).toBeNull();
    expect(validateLoad({ file: { name: 'a.md', data: '' } })).toBeNull();
    expect(validateLoad({ query: 'author:ann' })).toBeNull();
  });
});

describe('loadFileTypeOf', () => {
  it.each([
    ['paper.pdf', 'pdf'],
    ['Notes.DOCX', 'docx'],
    ['a.b.rtf', 'rtf'],
    ['readme.md', 'md'],
    ['page.html', 'html'],
    ['plain.txt', 'txt'],
    ['movie.mp4', null],
    ['noextension', null],
    ['trailingdot.', null],
  ])('%s -> %s', (name, type) => {
    expect(loadFileTypeOf(name)).toBe(type);
  });
});

describe('defaultLoadedTitle', () => {
  it('titles a listed board Untitled Board and an unlisted one --loaded--', () => {
    expect(defaultLoadedTitle(true)).toBe('Untitled Board');
    expect(defaultLoadedTitle(false)).toBe('--loaded--');
  });
});

describe('validateBoardPassword', () => {
  it('needs the exact board password', () => {
    expect(validateBoardPassword('open sesame', 'open sesame')).toBeNull();
    expect(validateBoardPassword('Open sesame', 'open sesame')).toBe(
      'The password you entered was incorrect.',
    );
    expect(validateBoardPassword('', 'x')).toBe('The password you entered was incorrect.');
  });
});

describe('groups', () => {
  it('needs the user to belong to a group before selecting one', () => {
    expect(validateSelectGroup([])).toBe('You do not belong to any groups.');
    expect(validateSelectGroup(['Alpha'])).toBeNull();
  });

  it('needs the board to reference a group before joining one', () => {
    expect(validateJoinGroup([])).toBe('This board references no groups.');
    expect(validateJoinGroup(['Alpha'])).toBeNull();
  });

  it('offers public groups and private groups the user is in', () => {
    const groups = [
      { name: 'open', isPrivate: false },
      { name: 'secret', isPrivate: true },
      { name: 'mine', isPrivate: true },
    ];
    expect(joinableGroups(groups, ['mine']).map((g) => g.name)).toEqual(['open', 'mine']);
    expect(joinableGroups(groups, []).map((g) => g.name)).toEqual(['open']);
  });
});

describe('validatePosterFrame', () => {
  it('needs a media block', () => {
    const message = 'This is not a media item, so cannot set poster frame!';
    expect(validatePosterFrame([{ type: 'mdtext' }, { type: 'image' }])).toBe(message);
    expect(validatePosterFrame([])).toBe(message);
    expect(validatePosterFrame([{ type: 'mdtext' }, { type: 'video' }])).toBeNull();
    expect(validatePosterFrame([{ type: 'audio' }])).toBeNull();
  });
});

describe('clampMediaTime', () => {
  it.each([
    [5, 60, 5],
    [-3, 60, 0],
    [61, 60, 60],
    [0.25, 0, 0],
    [10, NaN, 10],
    [-1, Infinity, 0],
    [NaN, 60, 0],
  ])('time %d in duration %d -> %d', (time, duration, expected) => {
    expect(clampMediaTime(time, duration)).toBe(expected);
  });
});
