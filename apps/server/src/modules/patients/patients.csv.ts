/**
 * CSV for patients: export rows, and read an uploaded file whatever its encoding (UTF-8 with or
 * without BOM, UTF-16 with BOM, Windows-1252 from spreadsheet programs) and separator (`,` `;` or
 * tab). List columns hold entries separated by `|`.
 *
 * Cells a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return)
 * are exported with a leading `'` (OWASP "CSV Injection"); the import takes that quote off again, so
 * an exported file re-imports unchanged (`+34 600 …` stays a phone number).
 */
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS, type Patient } from '@painlab/shared/patients';
import { neutralise, QUOTE_LINE_BREAKS, unneutralise } from '../../lib/csv-cell';

export const EXPORT_COLUMNS = ['id', ...CSV_COLUMNS] as const;
const LIST_COLUMNS = new Set(['symptoms', 'currentMedications', 'allergies']);
const REQUIRED = ['name', 'birthDate', 'gender', 'category', 'priority'];

export function csvHeader(): string {
  return stringify([EXPORT_COLUMNS as unknown as string[]]);
}

export { neutralise, unneutralise };

export function csvRows(patients: Patient[]): string {
  if (patients.length === 0) return '';
  return stringify(
    patients.map((p) =>
      EXPORT_COLUMNS.map((column) => {
        const value = p[column as keyof Patient];
        if (Array.isArray(value)) return neutralise(value.join('|'));
        return value == null ? '' : neutralise(String(value));
      }),
    ),
    QUOTE_LINE_BREAKS,
  );
}

export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: Windows-1252, as spreadsheet programs save. Not TextDecoder: its 'windows-1252' is
    // Latin-1 in Node, which turns € – “ ” (0x80–0x9F) into control characters.
    return iconv.decode(Buffer.from(bytes), 'windows-1252');
  }
}

function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n/) >>> 0 || text.length);
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

export class CsvFileError extends Error {
  constructor(readonly issues: { path: string; code: string; message: string }[]) {
    super('csv_file_invalid');
  }
}

/**
 * Rows of the file as field maps, numbered as a spreadsheet shows them: the header is row 1, the
 * first record row 2 (a quoted field may span several lines of text; it is still one row).
 */
export function readPatientCsv(
  bytes: Uint8Array,
): { row: number; fields: Record<string, unknown> }[] {
  const text = decodeCsv(bytes);
  if (!text.trim())
    throw new CsvFileError([{ path: 'file', code: 'empty', message: 'empty_file' }]);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new CsvFileError([
      { path: line ? `row ${line}` : 'file', code: 'unreadable', message: 'unreadable_csv' },
    ]);
  }
  const [first, ...rows] = records;
  const header = first?.record ?? [];
  const columns = header.map((h) => {
    const match = CSV_COLUMNS.find((c) => c.toLowerCase() === h.trim().toLowerCase());
    return match ?? h;
  });
  const unknown = columns.filter(
    (c) => !(CSV_COLUMNS as readonly string[]).includes(c) && c !== 'id',
  );
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (unknown.length || missing.length) {
    throw new CsvFileError([
      ...unknown.map((c) => ({ path: c, code: 'unknown_column', message: 'unknown_column' })),
      ...missing.map((c) => ({ path: c, code: 'missing_column', message: 'missing_column' })),
    ]);
  }
  return rows.map(({ record: cells }, index) => {
    const fields: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      if (column === 'id') return;
      const cell = unneutralise(cells[i] ?? '');
      if (LIST_COLUMNS.has(column)) {
        fields[column] = cell
          .split('|')
          .map((v) => v.trim())
          .filter(Boolean);
      } else if (cell !== '' || REQUIRED.includes(column)) {
        fields[column] = cell;
      }
    });
    if (cells.length > columns.length) fields.__extraCells = cells.length - columns.length;
    return { row: index + 2, fields };
  });
}
