import { describe, expect, it } from 'vitest';
import { defaultSearchValues, readSearchValues, searchParams, valuesOfArgs } from './searchArgs';

describe('search form values', () => {
  it('put only what differs from the defaults in the address', () => {
    expect(searchParams(defaultSearchValues(false)).toString()).toBe('searchStr=&by=text');
    const f = {
      ...defaultSearchValues(false),
      searchStr: ' red fox ',
      by: 'label',
      users: 'ann, bob',
      start: '2023-01-01',
      zone: 'pacific' as const,
      bucket: 'week',
      mode: 'collect' as const,
      ascend: true,
      circle: 'Alpha',
      replies: false,
      notes: false,
    };
    expect(Object.fromEntries(searchParams(f))).toEqual({
      searchStr: 'red fox',
      by: 'label',
      users: 'ann, bob',
      circle: 'Alpha',
      start: '2023-01-01',
      zone: 'pacific',
      bucket: 'week',
      mode: 'collect',
      ascend: 'true',
      replies: 'false',
      notes: 'false',
    });
  });

  it('a guest searches everyone by default, a signed-in user their own', () => {
    expect(defaultSearchValues(true).users).toBe('all');
    expect(defaultSearchValues(false).users).toBe('me');
  });

  it('reopen with the search on screen', () => {
    const v = valuesOfArgs({
      searchStr: 'x',
      by: 'tags',
      users: ['ann', 'bob'],
      start: '',
      stop: '',
      collect: true,
      save: false,
      bucket: 'month',
      ascend: null,
      circle: null,
      items: true,
      replies: false,
      annos: true,
      notes: true,
      sort: null,
      zone: 'central',
      title: null,
    });
    expect(v).toMatchObject({ users: 'ann, bob', mode: 'collect', ascend: false, circle: '' });
    expect(readSearchValues({ ...v })).toEqual(v);
  });
});
