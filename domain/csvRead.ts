/**
 * Reading CSV files people upload (reloads, square recipients): lines, the separator a header
 * shows, and RFC 4180 cells. One reader, so every upload reads quotes and separators alike.
 */

/** The file's lines without the BOM and the trailing blank lines (CRLF, LF or CR endings). */
export function csvLines(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  return lines;
}

/**
 * How many lines after the header hold something, counted without splitting the text (a 5 MB file
 * of a million short lines costs no array of a million strings), stopping once past `stopAfter`.
 */
export function countDataLines(text: string, stopAfter: number): number {
  let count = 0;
  let start = text.search(/\r\n|\n|\r/);
  if (start < 0) return 0;
  while (start < text.length && count <= stopAfter) {
    const lf = text.indexOf('\n', start + 1);
    const end = lf < 0 ? text.length : lf;
    for (let i = start + 1; i < end; i += 1) {
      const code = text.charCodeAt(i);
      if (code !== 0x20 && code !== 0x09 && code !== 0x0d) {
        count += 1;
        break;
      }
    }
    start = end;
  }
  return count;
}

/** `;` when the header has one (an Italian Excel's file), else `,`. */
export const csvSeparatorOf = (header: string): ';' | ',' => (header.includes(';') ? ';' : ',');

/** One line's cells: quoted cells may hold the separator and doubled quotes. */
export function splitCsvLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/**
 * Whether bytes read as text are a text file at all: no NUL and no other control characters
 * than tab and line breaks (a spreadsheet saved as .xlsx, a PDF or an image renamed .csv fail).
 */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
export const looksLikeText = (text: string): boolean => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text);
