import { describe, expect, it } from 'vitest';
import { foldChar, foldText, foldWords } from './fold';

describe('folding text as search compares it', () => {
  it('takes off case and accents, and spells out the letters unaccent spells out', () => {
    expect(foldText('Café Dvořák').folded).toBe('cafe dvorak');
    expect(foldText('Straße, Ærø, Łódź, œuvre').folded).toBe('strasse, aero, lodz, oeuvre');
    expect(foldText('ΟΔΥΣΣΕΥΣ').folded).toBe('οδυσσευσ');
    expect(foldChar('ς')).toBe('σ');
  });

  it('says where each folded unit came from, one place per character written', () => {
    // İ folds to one i; ß to two letters, both from its one place.
    const { folded, from } = foldText('İß x');
    expect(folded).toBe('iss x');
    expect(from).toEqual([0, 1, 1, 2, 3]);
    // A character written as two code units (a pair of surrogates) is one place.
    const emoji = foldText('a😀b');
    expect(emoji.folded).toBe('a😀b');
    expect(emoji.from).toEqual([0, 1, 1, 3]);
    // Accents written apart, as combining marks, go with their letter.
    expect(foldText('Cafe\u0301!').folded).toBe('cafe!');
  });

  it('takes words with each run of spaces as one, and none at either end', () => {
    expect(foldWords('  Café\n\n  au   LAIT ')).toBe('cafe au lait');
  });
});
