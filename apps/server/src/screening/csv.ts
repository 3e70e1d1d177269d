// CSV rows with a header line, read by csv-parse; a malformed line is skipped and counted.
import { parse } from 'csv-parse/sync';

export interface CsvRows {
  readonly rows: readonly Record<string, string>[];
  /** Lines csv-parse could not read (bad quoting, wrong number of fields). */
  readonly malformed: number;
}

export const readCsv = (text: string): CsvRows => {
  // One bad line can raise several errors (each stray quote): count the lines.
  const badLines = new Set<number>();
  const rows = parse(text, {
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    bom: true,
    skip_empty_lines: true,
    trim: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      const line = error?.lines;
      badLines.add(typeof line === 'number' ? line : -badLines.size - 1);
      return undefined;
    },
  }) as Record<string, string>[];
  return { rows, malformed: badLines.size };
};
