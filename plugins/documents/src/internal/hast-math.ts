import type { Element, ElementContent } from 'hast';
import type { Html } from 'mdast';
import { isDisplayMath, mathmlToLatex, type MathNode } from './mathml-to-latex.js';

const localName = (name: string): string => name.slice(name.indexOf(':') + 1).toLowerCase();

function toMathNode(element: Element): MathNode {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(element.properties))
    if (value !== undefined && value !== null) attributes[name.toLowerCase()] = String(value);
  return {
    name: localName(element.tagName),
    attributes,
    children: element.children.flatMap((child: ElementContent): (MathNode | string)[] =>
      child.type === 'element' ? [toMathNode(child)] : child.type === 'text' ? [child.value] : [],
    ),
  };
}

/**
 * hast-util-to-mdast's handler for a MathML `<math>` element: the formula as LaTeX between `$` (or `$$`
 * for `display="block"`), written as it is (see mathmlToLatex), never dropped.
 */
export function mathHandler(_state: unknown, element: Element): Html {
  const math = toMathNode(element);
  const latex = mathmlToLatex(math);
  return { type: 'html', value: isDisplayMath(math) ? `$$${latex}$$` : `$${latex}$` };
}
