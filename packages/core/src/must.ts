/**
 * The value, where its absence would be a bug (an index checked just before, a key the code put
 * there itself, a group the pattern always captures): throws an error naming what is missing
 * rather than going on with undefined.
 */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
