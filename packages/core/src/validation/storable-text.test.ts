import { describe, expect, it } from 'vitest';
import { isStorableText, storableTextMsg, unstorableTextPath } from './storable-text';

describe('isStorableText', () => {
  it('takes any text with whole characters: emoji, right-to-left, combining marks', () => {
    for (const text of ['', 'plain', '🧑🏽‍🏫👩‍👩‍👧‍👦', '\u202eשלום', 'e\u0301', '\ufeff', '\ud83d\ude00']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL and surrogates that are not half of a pair', () => {
    for (const text of [
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfff',
      '\ude00\ud83d',
      '\ud83d\ud83d',
    ]) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('unstorableTextPath', () => {
  it('is null when every string can be stored, whatever the shape', () => {
    expect(unstorableTextPath({ a: ['x', { b: 'y' }], n: 1, t: true, z: null })).toBeNull();
    expect(unstorableTextPath(undefined)).toBeNull();
  });

  it('names the first bad field in document order, as a dotted path', () => {
    const body = {
      title: 'ok',
      lists: [{ title: 'fine' }, { title: 'bad\ud800', text: '\u0000' }],
    };
    expect(unstorableTextPath(body)).toBe('lists.1.title');
    expect(unstorableTextPath({ profile: { bio: 'x', title: '\u0000' } })).toBe('profile.title');
    expect(unstorableTextPath('\ud800')).toBe('');
  });

  it('checks keys as well as values', () => {
    expect(unstorableTextPath({ doc: { $set: { 'a\u0000': 1 } } })).toBe('doc.$set.a\ufffd');
  });

  it('walks a very deep value without exhausting the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unstorableTextPath(deep)).toBe(Array(200_000).fill('0').join('.'));
  });

  it('words its message with the field first', () => {
    expect(storableTextMsg.unstorable('titleText')).toBe(
      'titleText: this text has a character that cannot be stored',
    );
  });
});
