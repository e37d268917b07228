/**
 * The table's own entry for a key, or undefined. Keys that come from outside (a media type, a
 * file's suffix, a word in markup) may be names every object inherits, such as `__proto__` or
 * `constructor`; indexing a table with them directly finds Object.prototype or a function.
 */
export const own = <V>(table: Readonly<Record<string, V>>, key: string): V | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;
