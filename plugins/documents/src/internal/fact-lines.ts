import type { Paragraph, PhrasingContent } from 'mdast';

/** A web address inside a fact's text, trailing punctuation left out. */
const WEB_ADDRESS = /https?:\/\/[^\s<>]*[^\s<>.,;:!?)'"]/g;

/** A fact's text with each web address in it a link (an autolink in markdown, not escaped text). */
function withLinks(text: string): PhrasingContent[] {
  const children: PhrasingContent[] = [];
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    if (match.index > from) children.push({ type: 'text', value: text.slice(from, match.index) });
    children.push({ type: 'link', url: match[0], children: [{ type: 'text', value: match[0] }] });
    from = match.index + match[0].length;
  }
  if (from < text.length) children.push({ type: 'text', value: text.slice(from) });
  return children;
}

/**
 * Facts as one paragraph of `Label: value` lines joined by hard breaks (a message's From/To/Date, an
 * event's When/Where, a contact's phones), the absent ones left out, web addresses as links;
 * undefined when none is present.
 */
export function factLines(facts: readonly (readonly [string, string | undefined])[]): Paragraph | undefined {
  const children: PhrasingContent[] = [];
  for (const [label, value] of facts) {
    if (value === undefined || value.trim() === '') continue;
    if (children.length > 0) children.push({ type: 'break' });
    children.push(...withLinks(`${label}: ${value}`));
  }
  return children.length === 0 ? undefined : { type: 'paragraph', children };
}
