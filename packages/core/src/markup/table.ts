/** Pipe tables in the GFM sense: a header row, then a delimiter row such as `| --- | :-: |`. */

const DELIMITER_CELL = /^:?-+:?$/;

export function isDelimiterRow(line: string): boolean {
  let t = line.trim();
  if (!t.includes('|')) return false;
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|')) t = t.slice(0, -1);
  const cells = t.split('|');
  for (const cell of cells) {
    if (!DELIMITER_CELL.test(cell.trim())) return false;
  }
  return cells.length > 0;
}

/** A header row followed by a delimiter row starts a table. */
export function startsTable(line: string, next: string | undefined): boolean {
  return next !== undefined && line.includes('|') && isDelimiterRow(next);
}

/** After blank lines, a table goes on only with a row that starts with a pipe. */
export function continuesTableAfterBlank(line: string): boolean {
  return line.trimStart().startsWith('|');
}
