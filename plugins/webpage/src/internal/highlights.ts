import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import { hastTextOf } from './hast-text.js';

/** Labels of the bullet summary printed under a title: "Story highlights", "Key points". */
const HIGHLIGHTS_LABEL =
  /^(?:story highlights|highlights|key points|key facts|in brief|at a glance|summary)\s*:?$/i;

/**
 * Drops a bullet summary (a list right after a "Story highlights" / "Key points" label) with its
 * label: it restates the article (fixtures/webpage-eval/RULE.md, "bullet highlights printed under
 * the title").
 */
export function dropHighlights(tree: HastRoot): void {
  const visit = (parent: { children: (HastContent | ElementContent)[] }) => {
    const elements = parent.children.filter((child): child is Element => child.type === 'element');
    const dropped = new Set<Element>();
    elements.forEach((element, index) => {
      const next = elements[index + 1];
      if (next === undefined || (next.tagName !== 'ul' && next.tagName !== 'ol')) return;
      if (!HIGHLIGHTS_LABEL.test(hastTextOf(element).replace(/\s+/g, ' ').trim())) return;
      dropped.add(element);
      dropped.add(next);
    });
    if (dropped.size > 0) {
      parent.children = parent.children.filter((child) => child.type !== 'element' || !dropped.has(child));
    }
    for (const child of parent.children) if (child.type === 'element') visit(child);
  };
  visit(tree);
}
