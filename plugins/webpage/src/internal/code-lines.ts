import type { Element as HastElement, ElementContent } from 'hast';

/**
 * A class naming one line of a highlighted sample: `line` (Shiki), `token-line` (Prism React
 * Renderer), `code-line`, `highlight-line`, `gatsby-highlight-code-line`, `ec-line`. Not
 * `line-numbers`, `linenos` or `inline`.
 */
const LINE_CLASS = /(?:^|[-_])line$/i;

/**
 * Puts the line ends back between a code sample's lines where the page draws them with CSS: a
 * highlighter that wraps each line in a `<span class="line">` and styles it `display: block` may
 * leave no line end between two such spans (Shiki's output minified, Gatsby's highlighted lines),
 * and the sample then read as one line with its words run together (`my-projectcd my-project`).
 * A line element followed by more of the sample, with no line end at its own end or at the start
 * of what follows, gets one after it. Samples whose lines carry their line ends are unchanged.
 */
export function separateCodeLines(pre: HastElement): void {
  const visit = (parent: HastElement): void => {
    const children = parent.children;
    for (let index = 0; index < children.length; index += 1) {
      const child = children[index];
      if (child?.type !== 'element') continue;
      if (!isLineElement(child)) {
        visit(child);
        continue;
      }
      const next = children[index + 1];
      if (next === undefined || endsLine(child) || startsLine(next)) continue;
      children.splice(index + 1, 0, { type: 'text', value: '\n' });
      index += 1;
    }
  };
  visit(pre);
}

/** A `<span>` named a line: a `<div>` line is a block, and its line end is already read. */
function isLineElement(element: HastElement): boolean {
  if (element.tagName !== 'span') return false;
  const { className } = element.properties;
  return Array.isArray(className) && className.some((name) => LINE_CLASS.test(String(name)));
}

/** Whether the node's text ends with a line end (a `\n` or a `<br>`), empty nodes passed over. */
function endsLine(node: ElementContent): boolean {
  if (node.type === 'text') return node.value.endsWith('\n');
  if (node.type !== 'element') return false;
  if (node.tagName === 'br') return true;
  for (let index = node.children.length - 1; index >= 0; index -= 1) {
    const child = node.children[index];
    if (child === undefined || isEmpty(child)) continue;
    return endsLine(child);
  }
  return false;
}

/** Whether the node's text starts with a line end. */
function startsLine(node: ElementContent): boolean {
  if (node.type === 'text') return node.value.startsWith('\n');
  if (node.type !== 'element') return false;
  if (node.tagName === 'br') return true;
  const first = node.children.find((child) => !isEmpty(child));
  return first !== undefined && startsLine(first);
}

function isEmpty(node: ElementContent): boolean {
  if (node.type === 'text') return node.value === '';
  if (node.type !== 'element') return true;
  return node.tagName !== 'br' && node.children.every(isEmpty);
}
