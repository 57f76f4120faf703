import type { ListItem, PhrasingContent, RootContent } from 'mdast';
import type { Provenance } from '@transmute/plugin-sdk';

/** A comment as the comments section lists it ('' when it has no author or anchored text). */
export interface CommentNote {
  author: string;
  text: string;
  anchor: string;
}

/**
 * A word-processing document's comments as a `## Comments` section at its end: one item per
 * comment, `**author**: text (on “anchored text”)`; no comments, no section.
 */
export function commentsSection(comments: CommentNote[], provenance: Provenance): RootContent[] {
  const items: ListItem[] = comments.map((comment) => {
    const children: PhrasingContent[] = [];
    if (comment.author !== '')
      children.push(
        { type: 'strong', children: [{ type: 'text', value: comment.author }] },
        { type: 'text', value: ': ' },
      );
    children.push({ type: 'text', value: comment.text });
    if (comment.anchor !== '') children.push({ type: 'text', value: ` (on “${comment.anchor}”)` });
    return { type: 'listItem', spread: false, children: [{ type: 'paragraph', children }] };
  });
  if (items.length === 0) return [];
  return [
    {
      type: 'heading',
      depth: 2,
      children: [{ type: 'text', value: 'Comments' }],
      data: { provenance, addendum: true },
    },
    { type: 'list', ordered: false, spread: false, children: items, data: { provenance } },
  ];
}
