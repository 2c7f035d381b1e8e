/**
 * Counts CSV records as the export streams in, for the progress indicator (the response has no
 * total). A line break inside a quoted field (a multi-line medical history) is not a new record,
 * and a chunk may end anywhere: inside a field, between `\r` and `\n`, or between two quotes.
 */
export type CsvRowCounter = {
  /** Feeds the next decoded chunk of text. */
  push: (chunk: string) => void;
  /** Data rows seen so far: completed records minus the header row. */
  readonly rows: number;
  /** Data rows once the stream has ended (a last record without a final line break counts). */
  finish: () => number;
};

export function createCsvRowCounter({ header = true }: { header?: boolean } = {}): CsvRowCounter {
  let records = 0;
  let inQuotes = false;
  /** Characters seen since the last record ended (a trailing record without a line break). */
  let pending = false;

  const dataRows = (count: number) => Math.max(0, header ? count - 1 : count);

  return {
    push(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const ch = chunk.charCodeAt(i);
        if (ch === 34 /* " */) {
          // `""` inside a quoted field toggles twice: still inside.
          inQuotes = !inQuotes;
          pending = true;
        } else if (ch === 10 /* \n */ && !inQuotes) {
          records++;
          pending = false;
        } else if (ch !== 13 /* \r */ || inQuotes) {
          pending = true;
        }
      }
    },
    get rows() {
      return dataRows(records);
    },
    finish() {
      if (pending) {
        records++;
        pending = false;
      }
      return dataRows(records);
    },
  };
}
