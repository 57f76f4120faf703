import { parse } from 'csv-parse/sync';

/**
 * The delimiters a file sent as CSV is written with: `,`; `;` where the decimal mark is a comma
 * (Excel's CSV in most of Europe); a tab or `|` from exports that call every table CSV.
 */
const CANDIDATES = [',', ';', '\t', '|'] as const;
/** One of the delimiters {@link sniffDelimiter} tells apart. */
export type Delimiter = (typeof CANDIDATES)[number];

/** How much of the file the guess reads: its first rows, cut at a line end. */
const PREVIEW_CHARACTERS = 64 * 1024;
const PREVIEW_ROWS = 50;

/**
 * The delimiter of a CSV file, told from its first rows as spreadsheet programs and Python's
 * `csv.Sniffer` do: the candidate that splits the rows into one number of fields (two or more) most
 * consistently, the comma on a tie or when none splits them.
 *
 * @example
 * sniffDelimiter('name;price\nHoney;4,50\n'); // ';'
 */
export function sniffDelimiter(content: string): Delimiter {
  const preview = previewOf(content);
  let best: { delimiter: Delimiter; share: number } | undefined;
  for (const delimiter of CANDIDATES) {
    const counts = fieldCounts(preview, delimiter);
    if (counts === undefined || counts.length === 0) continue;
    const [fields, rows] = mostCommon(counts);
    if (fields < 2) continue;
    const share = rows / counts.length;
    if (best === undefined || share > best.share) best = { delimiter, share };
  }
  return best?.delimiter ?? ',';
}

function previewOf(content: string): string {
  if (content.length <= PREVIEW_CHARACTERS) return content;
  const end = content.lastIndexOf('\n', PREVIEW_CHARACTERS);
  return content.slice(0, end > 0 ? end : PREVIEW_CHARACTERS);
}

/** The number of fields of each of the preview's rows split by `delimiter`, or undefined when it cannot be read so. */
function fieldCounts(preview: string, delimiter: Delimiter): number[] | undefined {
  try {
    const rows: string[][] = parse(preview, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to_line: PREVIEW_ROWS,
    });
    return rows.map((row) => row.length);
  } catch {
    return undefined;
  }
}

/** The most common count and how many rows have it (the larger count on a tie). */
function mostCommon(counts: number[]): [number, number] {
  const tally = new Map<number, number>();
  for (const count of counts) tally.set(count, (tally.get(count) ?? 0) + 1);
  let best: [number, number] = [0, 0];
  for (const [count, rows] of tally)
    if (rows > best[1] || (rows === best[1] && count > best[0])) best = [count, rows];
  return best;
}
