import { describe, expect, it } from 'vitest';
import { mentionAt, mentionsIn, mentionTyped } from './mentions';

describe('mentions', () => {
  it('finds each @name once, in order, at the start, after spaces, brackets and commas', () => {
    expect(mentionsIn('@sam and @maya_o, (@lee) see @sam again')).toEqual(['sam', 'maya_o', 'lee']);
  });

  it('takes a name written in other letters for the same person’s', () => {
    expect(mentionsIn('@Sam, and @sam and @SAM again, with @Maya')).toEqual(['Sam', 'Maya']);
  });

  it('leaves the dots and dashes that end a sentence, keeps those inside a name', () => {
    expect(mentionsIn('Ask @j.doe. Or @k-lee-!')).toEqual(['j.doe', 'k-lee']);
  });

  it('takes no address, path or code for a mention', () => {
    expect(mentionsIn('write to sam@school.edu or /files/@x or a+@b')).toEqual([]);
    expect(mentionsIn('`@decorator` and ```@x``` but @real')).toEqual(['real']);
    expect(mentionsIn('@ alone, @@twice, @.dot')).toEqual([]);
  });

  it('says where a mention ends, for a renderer that goes on from there', () => {
    expect(mentionAt('hi @sam.', 3)).toEqual({ username: 'sam', end: 7 });
    expect(mentionAt('hi @sam.', 2)).toBeNull();
    expect(mentionAt(`@${'a'.repeat(65)}`, 0)).toBeNull();
  });

  it('says which mention is being typed at the caret, from its @ on, and none inside an address', () => {
    expect(mentionTyped('Ask @ma', 7)).toEqual({ start: 4, prefix: 'ma' });
    expect(mentionTyped('Ask @', 5)).toEqual({ start: 4, prefix: '' });
    expect(mentionTyped('Ask @ma and', 7)).toEqual({ start: 4, prefix: 'ma' });
    expect(mentionTyped('Ask @ma and', 11)).toBeNull();
    expect(mentionTyped('mail sam@sch', 12)).toBeNull();
    expect(mentionTyped('@.x', 3)).toBeNull();
  });
});
