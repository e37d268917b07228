/** What a slice of the ui store is given: its own part of the state to read and to change. */
export type SetSlice<T> = (patch: Partial<T>) => void;
export type GetSlice<T> = () => T;

/** The list with `v` taken out if it was in, put in if it was not. */
export const toggled = (cur: string[], v: string) =>
  cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v];
