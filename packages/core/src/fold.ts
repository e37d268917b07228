/**
 * Text as search compares it: no case and no accents, as the database's search configuration
 * reads it (`listboard_search`: unaccent, then lower case), so “cafe” is found in “Café” and
 * “strasse” in “Straße” wherever a page or the server looks for the words again.
 */

/** Letters no accent is taken off by decomposing, folded as `unaccent` folds them. */
const LETTERS: Record<string, string> = {
  æ: 'ae',
  ð: 'd',
  ø: 'o',
  þ: 'th',
  ß: 'ss',
  đ: 'd',
  ı: 'i',
  ĸ: 'q',
  ł: 'l',
  ŋ: 'n',
  œ: 'oe',
  ſ: 's',
  ﬁ: 'fi',
  ﬂ: 'fl',
  ς: 'σ',
};

/**
 * One character folded: no accents, no case, one of `LETTERS` spelled out. Character by
 * character, so each folded character still knows where it came from (İ, folded to i, stays one
 * character; lowercased whole, it became two and put every place after it one off).
 */
export function foldChar(c: string): string {
  const bare = c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return LETTERS[bare] ?? bare;
}

/** A text folded, with where in the text each unit of the folded text came from. */
export function foldText(text: string): { folded: string; from: number[] } {
  let folded = '';
  const from: number[] = [];
  for (let i = 0; i < text.length;) {
    const whole = String.fromCodePoint(text.codePointAt(i) ?? 0);
    const f = foldChar(whole);
    folded += f;
    for (let k = 0; k < f.length; k++) from.push(i);
    i += whole.length;
  }
  return { folded, from };
}

/** Words as search compares them: folded, each run of spaces one space, none at either end. */
export const foldWords = (text: string): string =>
  foldText(text.replace(/\s+/g, ' ').trim()).folded;
