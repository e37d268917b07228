import { describe, expect, it } from 'vitest';
import { parseListToggle } from './toggle';

describe('parseListToggle', () => {
  it('reads !tag and +[List title]', () => {
    expect(parseListToggle('!week-1')).toEqual({ kind: 'tag', name: 'week-1' });
    expect(parseListToggle(' +[ Reading list ] ')).toEqual({ kind: 'list', name: 'Reading list' });
  });

  it('refuses other shapes', () => {
    for (const t of ['!', '!!', '! x', '![a](b)', '+[]', '+[a]b', '+[a[b]', '+[a]\n+[b]', 'tag']) {
      expect(parseListToggle(t), t).toBeNull();
    }
  });
});
