/**
 * Prints, for each structure label (or those whose name contains the argument), what our markdown
 * misses and what it adds on the labelled pages: headings with levels and list items (a development
 * aid for the structure row). Held-out labels are skipped: their outputs are scored, never read.
 *
 *   node --conditions=development --import tsx bench/src/pdf-structure/show-misses.ts [name]
 */
import { createOcrSource } from '@transmute/plugin-ocr';
import { toKey } from './counts.js';
import { ourMarkdown } from './extractors.js';
import { readStructureLabels } from './labels.js';
import { mergeStructures, toStructure, type Structure } from './markdown-structure.js';
import { withShallowestLevelOne } from './structure-score.js';

function keys(structure: Structure): string[] {
  return [
    ...structure.headings.map((heading) => `h${String(heading.level)}: ${heading.text}`),
    ...structure.listItems.map((item) => `li: ${item}`),
  ];
}

/** The items of `a` not matched in `b` (a multiset difference on normalized text). */
function without(a: string[], b: string[]): string[] {
  const left = new Map<string, number>();
  for (const item of b) left.set(toKey(item), (left.get(toKey(item)) ?? 0) + 1);
  return a.filter((item) => {
    const remaining = left.get(toKey(item)) ?? 0;
    if (remaining > 0) left.set(toKey(item), remaining - 1);
    return remaining === 0;
  });
}

const source = createOcrSource({ ocr: false });
try {
  for (const label of readStructureLabels().filter(
    (entry) => entry.split === 'dev' && entry.name.includes(process.argv[2] ?? ''),
  )) {
    const markdown = await ourMarkdown(source, label.path);
    const pages = [...markdown.keys()].sort((a, b) => a - b);
    const shifted = withShallowestLevelOne(pages.map((page) => toStructure(markdown.get(page) ?? '')));
    const found = keys(
      mergeStructures(shifted.filter((_, index) => label.pages.includes(pages[index] ?? 0))),
    );
    const expected = keys(label.expected);
    process.stdout.write(`== ${label.name} (${label.split})\n`);
    for (const item of without(expected, found)) process.stdout.write(`  missed ${item}\n`);
    for (const item of without(found, expected)) process.stdout.write(`  added  ${item}\n`);
  }
} finally {
  await source.close?.();
}
