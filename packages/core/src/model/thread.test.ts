import { describe, expect, it } from 'vitest';
import { answersTo, threadOrder } from './thread';

const n = (id: string, parentId: string | null, created: string) => ({
  _id: id,
  parentId,
  created,
});

describe('threadOrder', () => {
  it('puts each reply right under its parent, siblings oldest first', () => {
    const notes = [
      n('b', 'root', '2'),
      n('a', 'root', '1'),
      n('a1', 'a', '3'),
      n('a1x', 'a1', '5'),
      n('a2', 'a', '4'),
    ];
    expect(threadOrder(notes, 'root').map((x) => x._id)).toEqual(['a', 'a1', 'a1x', 'a2', 'b']);
  });

  it('hangs a reply to a hidden note off the item rather than losing it', () => {
    expect(threadOrder([n('r', 'private-note', '1')], 'root').map((x) => x._id)).toEqual(['r']);
  });
});

describe('answersTo', () => {
  const x = (id: string, annotationClass: string, author: string, parentId: string | null) => ({
    _id: id,
    annotationClass,
    author,
    parentId,
  });
  // The teacher's item; Sam's note on it; the teacher answers, Ana answers the teacher, Sam
  // answers Ana; and a note of Ana's with the teacher's answer.
  const things = [
    x('item', 'none', 'teacher', null),
    x('sam', 'note', 'sam', 'item'),
    x('t1', 'reply', 'teacher', 'sam'),
    x('ana1', 'reply', 'ana', 't1'),
    x('sam2', 'reply', 'sam', 'ana1'),
    x('ana', 'note', 'ana', 'item'),
    x('t2', 'reply', 'teacher', 'ana'),
  ];
  const byId = new Map(things.map((t) => [t._id, t]));
  const to = (me: string | null) => things.filter((t) => answersTo(t, me, byId)).map((t) => t._id);

  it('finds the replies under what one wrote, however far down the thread', () => {
    expect(to('sam')).toEqual(['t1', 'ana1']);
    expect(to('ana')).toEqual(['sam2', 't2']);
  });

  it('does not count replies to notes on one’s item as replies to one, nor one’s own', () => {
    expect(to('teacher')).toEqual(['ana1', 'sam2']);
    expect(to(null)).toEqual([]);
  });

  it('stops where the thread is hidden or loops', () => {
    const hidden = new Map(byId);
    hidden.delete('t1');
    expect(things.filter((t) => answersTo(t, 'sam', hidden)).map((t) => t._id)).toEqual(['t1']);
    const loop = new Map([
      ['a', x('a', 'reply', 'ana', 'b')],
      ['b', x('b', 'reply', 'bo', 'a')],
    ]);
    expect(answersTo(loop.get('a')!, 'sam', loop)).toBe(false);
  });
});
