import { describe, expect, it } from 'vitest';
import { own } from './own';

describe('own', () => {
  const table = { pdf: 'application/pdf', txt: 'text/plain' };

  it('finds a table’s own entries', () => {
    expect(own(table, 'pdf')).toBe('application/pdf');
    expect(own(table, 'doc')).toBeUndefined();
  });

  it('finds nothing for names every object inherits', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])
      expect(own(table, key), key).toBeUndefined();
  });
});
