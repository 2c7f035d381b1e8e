/**
 * Cells of the CSV files the product exports (patients, the audit log). A cell a spreadsheet would
 * run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'`
 * (OWASP "CSV Injection"); a cell that already began with `'` and one of those gets another, so
 * `unneutralise` gives back exactly what was exported. Any field holding CR or LF is quoted
 * (`QUOTE_LINE_BREAKS`): csv-stringify quotes only LF by default, and a spreadsheet starts a new
 * row at a bare CR, whose next characters (`@SUM(4)`) would be a formula cell of their own.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A cell the export quoted: `'` then a formula start (or, for a cell that began with one, another `'`). */
const QUOTED = /^'[=+\-@\t\r']/;

/** The cell as exported: inert in a spreadsheet, and reversible by `unneutralise`. */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) || QUOTED.test(cell) ? `'${cell}` : cell;
}

/** The cell as it was before `neutralise`. */
export function unneutralise(cell: string): string {
  return QUOTED.test(cell) ? cell.slice(1) : cell;
}

/** csv-stringify's option that quotes every field holding a line break of any kind. */
export const QUOTE_LINE_BREAKS = { quoted_match: /[\r\n]/ };
