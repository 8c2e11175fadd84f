/**
 * CSV cells that start with = + - @ TAB or CR are read as formulas by spreadsheets
 * (DESIGN.md §5). Exports prefix such cells with a single quote.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function formulaSafeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // a plain number (a negative amount) is data, not a formula
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV line, RFC 4180 quoting, formula-safe cells, CRLF ending. */
export function csvLine(cells: readonly unknown[], separator = ';'): string {
  return (
    cells
      .map((cell) => {
        const text = formulaSafeCell(cell);
        return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(separator) + '\r\n'
  );
}
