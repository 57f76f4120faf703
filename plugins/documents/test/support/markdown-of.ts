import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

// The engine's markdown settings (packages/engine/src/profiles/internal/markdown.ts), so tests
// assert the markdown a user gets.
const processor = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', fences: true, rule: '-' })
  .freeze();

/** A reader's tree as the markdown the engine renders from it. */
export function markdownOf(root: Root): string {
  return processor.stringify(root);
}
