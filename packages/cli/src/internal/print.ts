import type { MaybeTty } from './progress-bar.js';

/** One column of a human table. */
export interface Column<T> {
  header: string;
  value: (item: T) => string | number | null | undefined;
}

/** Where a command prints: JSON when asked or when stdout is not a terminal, tables otherwise. */
export interface Printer {
  readonly json: boolean;
  readonly stdout: MaybeTty;
  readonly stderr: MaybeTty;
  /** A resource: its JSON, or one `key  value` line per field. */
  record(value: object): void;
  /** A list: its JSON (a page body), or a table of the columns. */
  list<T>(
    page: { data: T[]; page: { next_cursor: string | null; has_more: boolean } },
    columns: Column<T>[],
  ): void;
  /** A human sentence on stderr (nothing in JSON mode, where stdout carries the result). */
  note(line: string): void;
}

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return String(value).replace(/\s+/g, ' ');
}

/** Left-aligned columns separated by two spaces. */
export function renderTable(rows: string[][]): string {
  const widths = rows[0]?.map((_, index) => Math.max(...rows.map((row) => (row[index] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((text, index) => (index === row.length - 1 ? text : text.padEnd(widths[index] ?? 0)))
        .join('  '),
    )
    .join('\n');
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Creates the printer of a command from its `--json` flag and the terminal facts of stdout. */
export function createPrinter(options: { json?: boolean }, stdout: MaybeTty, stderr: MaybeTty): Printer {
  const json = options.json === true || stdout.isTTY !== true;
  const out = (text: string): void => void stdout.write(`${text}\n`);
  return {
    json,
    stdout,
    stderr,
    record(value) {
      if (json) return out(JSON.stringify(value));
      const entries = Object.entries(value);
      const width = Math.max(...entries.map(([key]) => key.length));
      out(entries.map(([key, field]) => `${key.padEnd(width)}  ${scalar(field)}`).join('\n'));
    },
    list(page, columns) {
      if (json) return out(JSON.stringify(page));
      if (page.data.length === 0) return out('(none)');
      out(
        renderTable([
          columns.map((c) => c.header),
          ...page.data.map((item) => columns.map((c) => cell(c.value(item)))),
        ]),
      );
      if (page.page.has_more && page.page.next_cursor !== null)
        out(`more: --cursor ${page.page.next_cursor} (or --all)`);
    },
    note(line) {
      if (!json) stderr.write(`${line}\n`);
    },
  };
}
