import type { PhrasingContent } from 'mdast';

/** The formatting of a run of text. */
export interface Marks {
  bold: boolean;
  italic: boolean;
  strike: boolean;
  code: boolean;
}

/** Text with its formatting, or a ready inline node (link, image, reference, break). */
export type Segment = { kind: 'text'; text: string; marks: Marks } | { kind: 'node'; node: PhrasingContent };

function sameMarks(a: Marks, b: Marks): boolean {
  return a.bold === b.bold && a.italic === b.italic && a.strike === b.strike && a.code === b.code;
}

function wrap(text: string, marks: Marks): PhrasingContent[] {
  // Emphasis cannot open or close on a space: the spaces go outside it.
  const leading = /^\s*/.exec(text)?.[0] ?? '';
  const trailing = leading.length === text.length ? '' : (/\s*$/.exec(text)?.[0] ?? '');
  const core = text.slice(leading.length, text.length - trailing.length);
  if (core === '') return [{ type: 'text', value: text }];
  let node: PhrasingContent = marks.code
    ? { type: 'inlineCode', value: core }
    : { type: 'text', value: core };
  if (marks.strike) node = { type: 'delete', children: [node] };
  if (marks.italic) node = { type: 'emphasis', children: [node] };
  if (marks.bold) node = { type: 'strong', children: [node] };
  const out: PhrasingContent[] = [];
  if (leading !== '') out.push({ type: 'text', value: leading });
  out.push(node);
  if (trailing !== '') out.push({ type: 'text', value: trailing });
  return out;
}

/** Segments → mdast phrasing: neighbouring runs with the same formatting become one node. */
export function toPhrasing(segments: Segment[]): PhrasingContent[] {
  const merged: Segment[] = [];
  for (const segment of segments) {
    const last = merged.at(-1);
    if (segment.kind === 'text' && last?.kind === 'text' && sameMarks(last.marks, segment.marks))
      merged[merged.length - 1] = { ...last, text: last.text + segment.text };
    else merged.push(segment);
  }
  // A hard break ends its line: the spaces before it would only trail.
  merged.forEach((segment, index) => {
    const next = merged[index + 1];
    if (segment.kind === 'text' && next?.kind === 'node' && next.node.type === 'break')
      merged[index] = { ...segment, text: segment.text.trimEnd() };
  });
  const out: PhrasingContent[] = [];
  for (const segment of merged) {
    if (segment.kind === 'node') out.push(segment.node);
    else out.push(...wrap(segment.text, segment.marks));
  }
  return out;
}

/**
 * A heading's content without the bold or italic that wraps all of it: a heading set wholly in
 * bold (LibreOffice writes a heading style's weight as direct formatting) shows how the heading
 * looks, not a word stressed in it. Emphasis on part of a heading is kept.
 */
export function headingPhrasing(content: PhrasingContent[]): PhrasingContent[] {
  let children = content;
  for (;;) {
    const [only, ...rest] = children;
    if (only === undefined || rest.length > 0 || (only.type !== 'strong' && only.type !== 'emphasis'))
      return children;
    children = only.children;
  }
}

/**
 * A paragraph's content without the white space at its two ends: markdown drops it when it reads a
 * paragraph, and a writer that keeps it must encode it (`&#x20;`). Word writes such a space after a
 * note's own number mark, which the note's definition does not repeat.
 */
export function trimmedEdges(content: PhrasingContent[]): PhrasingContent[] {
  const out = [...content];
  const first = out[0];
  if (first?.type === 'text') out[0] = { ...first, value: first.value.trimStart() };
  const last = out.at(-1);
  if (last?.type === 'text') out[out.length - 1] = { ...last, value: last.value.trimEnd() };
  return out.filter((node) => node.type !== 'text' || node.value !== '');
}
