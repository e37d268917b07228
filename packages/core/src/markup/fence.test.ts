import { describe, expect, it } from 'vitest';
import { closesFence, fenceCloserRun, fenceOpener, infoLanguage } from './fence';

describe('fences', () => {
  it('opens on three or more backticks or tildes, indented at most three spaces', () => {
    expect(fenceOpener('```js')).toEqual({ char: '`', length: 3, info: 'js' });
    expect(fenceOpener('   ~~~~ python  ')).toEqual({ char: '~', length: 4, info: 'python' });
    expect(fenceOpener('    ```')).toBeNull();
    expect(fenceOpener('``')).toBeNull();
    expect(fenceOpener('```a`b')).toBeNull();
    expect(fenceOpener('~~~a`b')).toMatchObject({ char: '~' });
  });

  it('closes on the same character, at least as long, with nothing after', () => {
    const opener = { char: '`', length: 4, info: '' } as const;
    expect(closesFence('````', opener)).toBe(true);
    expect(closesFence('  `````  ', opener)).toBe(true);
    expect(closesFence('```', opener)).toBe(false);
    expect(closesFence('~~~~', opener)).toBe(false);
    expect(closesFence('```` x', opener)).toBe(false);
    expect(fenceCloserRun('x')).toBeNull();
  });

  it('names the language by the first word of the info string', () => {
    expect(infoLanguage(' ts title="a" ')).toBe('ts');
    expect(infoLanguage('')).toBeUndefined();
  });
});
