/** A count and its noun: '1 note', '2 notes', '2 replies' (`many` where adding s will not do). */
export const counted = (n: number, one: string, many = `${one}s`): string =>
  `${String(n)} ${n === 1 ? one : many}`;
