import { describe, expect, it } from 'vitest';
import {
  boardTagsOf,
  hasTag,
  notATag,
  tagAt,
  tagOf,
  tagsIn,
  tagTyped,
  typedTags,
  TAG_MAX,
} from './tags';

describe('tags', () => {
  it('finds each #tag once, in order, whatever its case, at the start, after spaces and brackets', () => {
    expect(tagsIn('#question: why? (#Evidence) and #question again, #confused.')).toEqual([
      'question',
      'evidence',
      'confused',
    ]);
    expect(tagsIn('#Éthique et #ÉTHIQUE, #close_reading #two-sides-')).toEqual([
      'éthique',
      'close_reading',
      'two-sides',
    ]);
  });

  it('takes no number, word, address, entity, section link or code for a tag', () => {
    expect(tagsIn('#1 item, C# and F#, page#part, /docs/#x, a.b#c, &#39; x@y#z')).toEqual([]);
    expect(tagsIn('See [Week 2](#Week 2) and [tip](#tip)')).toEqual([]);
    expect(tagsIn('`#define` and ```#x``` but #real')).toEqual(['real']);
    expect(tagsIn('# heading, ## two, #')).toEqual([]);
    expect(tagsIn(`#${'a'.repeat(TAG_MAX + 1)}`)).toEqual([]);
    expect(tagsIn(`#${'a'.repeat(TAG_MAX)}`)).toEqual(['a'.repeat(TAG_MAX)]);
  });

  it('says where a tag ends, for a renderer that goes on from there, with its name as written', () => {
    expect(tagAt('so #Why-not.', 3)).toEqual({ tag: 'Why-not', end: 11 });
    expect(tagAt('so #why', 2)).toBeNull();
  });

  it('tells whether words carry a tag, and reads one as an address gives it', () => {
    expect(hasTag('A #Question here', 'question')).toBe(true);
    expect(hasTag('A #questions here', 'question')).toBe(false);
    expect(hasTag('no tags', 'question')).toBe(false);
    expect(tagOf('#Question')).toBe('question');
    expect(tagOf(' evidence ')).toBe('evidence');
    expect(tagOf('two words')).toBeNull();
    expect(tagOf('1st')).toBeNull();
    expect(tagOf('')).toBeNull();
  });

  it('says which tag is being typed at the caret, and none inside a word or link', () => {
    expect(tagTyped('Why #que', 8)).toEqual({ start: 4, prefix: 'que' });
    expect(tagTyped('Why #', 5)).toEqual({ start: 4, prefix: '' });
    expect(tagTyped('Why #que and', 12)).toBeNull();
    expect(tagTyped('C#', 2)).toBeNull();
    expect(tagTyped('[a](#', 5)).toBeNull();
    expect(tagTyped('#1', 2)).toBeNull();
  });

  it('reads the tags a board asks for, each once, and says what is wrong with them', () => {
    expect(boardTagsOf(typedTags('#Question, confused  #question,'))).toEqual({
      tags: ['question', 'confused'],
    });
    expect(boardTagsOf(['#ok', 'two words'])).toEqual({ problem: notATag('two words') });
    expect(boardTagsOf(Array.from({ length: 13 }, (_, i) => `t${i}`))).toEqual({
      problem: 'A board asks for at most 12 tags.',
    });
    expect(boardTagsOf([])).toEqual({ tags: [] });
  });
});
