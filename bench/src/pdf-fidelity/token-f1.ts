/** Token counts of one text compared with another as bags of words. */
export interface TokenScore {
  f1: number;
  precision: number;
  recall: number;
  /** Tokens of the candidate and of the reference. */
  candidateTokens: number;
  referenceTokens: number;
}

/** Lowercased word tokens (runs of letters, marks and digits) after NFKC. */
export function toTokens(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((token) => token.length > 0);
}

/**
 * Token F1 of a candidate text against a reference, both as bags of words (order-insensitive), the
 * usual measure of text extraction against another extractor's output.
 */
export function scoreTokens(candidate: string, reference: string): TokenScore {
  const ours = toTokens(candidate);
  const theirs = toTokens(reference);
  const counts = new Map<string, number>();
  for (const token of theirs) counts.set(token, (counts.get(token) ?? 0) + 1);
  let overlap = 0;
  for (const token of ours) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      overlap += 1;
      counts.set(token, left - 1);
    }
  }
  const precision = ours.length === 0 ? (theirs.length === 0 ? 1 : 0) : overlap / ours.length;
  const recall = theirs.length === 0 ? (ours.length === 0 ? 1 : 0) : overlap / theirs.length;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { f1, precision, recall, candidateTokens: ours.length, referenceTokens: theirs.length };
}

/** Share of a text's non-space characters that are unmapped glyphs (replacement, private use, control). */
export function unmappedShare(text: string): number {
  const characters = text.replace(/\s+/g, '');
  if (characters.length === 0) return 0;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being counted
  const unmapped = characters.match(/[\u0000-\u001f\u007f\ufffd\ue000-\uf8ff]/g)?.length ?? 0;
  return unmapped / characters.length;
}
