/** A count and its noun: '1 note', '2 notes', '2 replies' (`many` where adding s will not do). */
export const counted = (n: number, one: string, many = `${one}s`): string =>
  `${String(n)} ${n === 1 ? one : many}`;

/** Words with their first letter a capital: “due …”, “at 1:05 …” as a line or label of their own. */
export const upperFirst = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1);

/** Text to be matched as it is written, inside a regular expression: its special signs escaped. */
export const regexLiteral = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
