import type { Nodes, RootContent } from 'mdast';

/** Every footnote reference in document order (definitions' own references included, after them). */
function referencesIn(nodes: readonly Nodes[], found: string[]): void {
  for (const node of nodes) {
    if (node.type === 'footnoteReference') found.push(node.identifier);
    if ('children' in node) referencesIn(node.children as Nodes[], found);
  }
}

function relabel(nodes: readonly Nodes[], numbers: ReadonlyMap<string, string>): void {
  for (const node of nodes) {
    if (node.type === 'footnoteReference' || node.type === 'footnoteDefinition') {
      const number = numbers.get(node.identifier);
      if (number !== undefined) {
        node.identifier = number;
        node.label = number;
      }
    }
    if ('children' in node) relabel(node.children as Nodes[], numbers);
  }
}

/**
 * Labels a document's notes with the numbers a reader sees: 1, 2, 3… in the order of their first
 * reference, footnotes and endnotes in one series, as pandoc writes them. The readers identify
 * notes by the file's own ids (`fn2`, `en1`: Word numbers its ids from 2 past the separators),
 * which would otherwise be the markdown's labels (`[^fn2]`), words no reader of the page sees.
 * The definitions follow in the same order.
 */
export function numberNotes(blocks: RootContent[]): void {
  const references: string[] = [];
  referencesIn(blocks, references);
  // A reference whose note was empty (its definition dropped by the reader) takes no number: the
  // numbers a reader sees run without a gap.
  const defined = new Set(
    blocks.flatMap((block) => (block.type === 'footnoteDefinition' ? [block.identifier] : [])),
  );
  const numbers = new Map<string, string>();
  for (const identifier of references)
    if (defined.has(identifier) && !numbers.has(identifier))
      numbers.set(identifier, String(numbers.size + 1));
  relabel(blocks, numbers);
  // The definitions are listed in the same order, in the places they held (the end, before comments).
  const places = blocks.flatMap((block, index) => (block.type === 'footnoteDefinition' ? [index] : []));
  const definitions = places.map((index) => blocks[index]).sort((a, b) => noteNumber(a) - noteNumber(b));
  places.forEach((place, order) => {
    const definition = definitions[order];
    if (definition !== undefined) blocks[place] = definition;
  });
}

/** A definition's number; one never referenced (and so not numbered) goes last. */
function noteNumber(block: RootContent | undefined): number {
  const number = block?.type === 'footnoteDefinition' ? Number(block.identifier) : Number.NaN;
  return Number.isInteger(number) ? number : Number.MAX_SAFE_INTEGER;
}
