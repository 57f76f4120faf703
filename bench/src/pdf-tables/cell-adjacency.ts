/**
 * Cell-adjacency scoring of extracted tables against labelled ones (the ICDAR 2013 table
 * competition's structure measure): every non-empty cell paired with its nearest non-empty
 * neighbour to the right and below; precision and recall over those pairs, compared by their
 * normalized texts. A cell spanning several slots holds its text in its top-left slot only, so a
 * span and its camelot-style flattening score alike.
 */

/** A table as a grid of rows of cell texts (a spanned cell's text in its top-left slot, the others ""). */
export type Grid = readonly (readonly string[])[];

/** Pair counts of one comparison. */
export interface AdjacencyScore {
  /** Pairs found in both. */
  matched: number;
  /** Pairs of the extracted tables. */
  found: number;
  /** Pairs of the labelled tables. */
  expected: number;
}

/** Text as compared: NFKC, lowercased, dot leaders and all whitespace dropped. */
export function normalizeCell(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(?:\.\s*){2,}/g, '')
    .replace(/\s+/g, '');
}

/** The adjacency pairs of one grid as `direction|left|right` keys (with repeats). */
export function adjacencyPairs(grid: Grid): string[] {
  const cells = grid.map((row) => row.map(normalizeCell));
  const pairs: string[] = [];
  const width = Math.max(0, ...cells.map((row) => row.length));
  for (const row of cells) {
    const filled = row.filter((text) => text !== '');
    for (let index = 1; index < filled.length; index += 1)
      pairs.push(`h|${filled[index - 1]}|${filled[index]}`);
  }
  for (let column = 0; column < width; column += 1) {
    const filled = cells.map((row) => row[column] ?? '').filter((text) => text !== '');
    for (let index = 1; index < filled.length; index += 1)
      pairs.push(`v|${filled[index - 1]}|${filled[index]}`);
  }
  return pairs;
}

/** Scores the extracted grids of one document against its labelled grids. */
export function scoreAdjacency(found: readonly Grid[], expected: readonly Grid[]): AdjacencyScore {
  const wanted = new Map<string, number>();
  let expectedCount = 0;
  for (const pair of expected.flatMap(adjacencyPairs)) {
    wanted.set(pair, (wanted.get(pair) ?? 0) + 1);
    expectedCount += 1;
  }
  let matched = 0;
  let foundCount = 0;
  for (const pair of found.flatMap(adjacencyPairs)) {
    foundCount += 1;
    const left = wanted.get(pair) ?? 0;
    if (left > 0) {
      matched += 1;
      wanted.set(pair, left - 1);
    }
  }
  return { matched, found: foundCount, expected: expectedCount };
}

/** Precision, recall and F1 of summed pair counts (micro average). */
export function toF1(scores: readonly AdjacencyScore[]): { precision: number; recall: number; f1: number } {
  const matched = scores.reduce((sum, score) => sum + score.matched, 0);
  const found = scores.reduce((sum, score) => sum + score.found, 0);
  const expected = scores.reduce((sum, score) => sum + score.expected, 0);
  const precision = found === 0 ? 0 : matched / found;
  const recall = expected === 0 ? 0 : matched / expected;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}
