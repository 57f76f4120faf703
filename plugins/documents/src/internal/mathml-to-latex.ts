import { latexGroup, symbolsToLatex } from './latex-symbols.js';

/**
 * A MathML element as both trees that hold one present it (hast from HTML, the package's XML
 * elements from OpenDocument): its local name, attributes and children.
 */
export interface MathNode {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: readonly (MathNode | string)[];
}

/** Operators and identifiers written as LaTeX commands; any other character is written as it is. */

const TEX_ENCODINGS = /^(?:application\/x-tex|text\/x-latex|application\/x-latex|tex|latex)$/i;

const elementsOf = (node: MathNode): MathNode[] =>
  node.children.filter((child): child is MathNode => typeof child !== 'string');

function textOf(node: MathNode | string): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}

function row(node: MathNode): string {
  return elementsOf(node).map(toLatex).join(' ').replace(/\s+/g, ' ').trim();
}

function toLatex(node: MathNode): string {
  const [first, second, third] = elementsOf(node).map(toLatex);
  switch (node.name) {
    case 'mi':
    case 'mn':
    case 'mo':
      return symbolsToLatex(textOf(node).trim()).trim();
    case 'mtext':
      return `\\text{${textOf(node).trim()}}`;
    case 'msup':
      return `${latexGroup(first ?? '')}^${latexGroup(second ?? '')}`;
    case 'msub':
      return `${latexGroup(first ?? '')}_${latexGroup(second ?? '')}`;
    case 'msubsup':
    case 'munderover':
      return `${latexGroup(first ?? '')}_${latexGroup(second ?? '')}^${latexGroup(third ?? '')}`;
    case 'munder':
      return `${latexGroup(first ?? '')}_${latexGroup(second ?? '')}`;
    case 'mover':
      return `${latexGroup(first ?? '')}^${latexGroup(second ?? '')}`;
    case 'mfrac':
      return `\\frac{${first ?? ''}}{${second ?? ''}}`;
    case 'msqrt':
      return `\\sqrt{${row(node)}}`;
    case 'mroot':
      return `\\sqrt[${second ?? ''}]{${first ?? ''}}`;
    case 'mfenced': {
      const open = node.attributes['open'] ?? '(';
      const close = node.attributes['close'] ?? ')';
      return `\\left${open} ${elementsOf(node).map(toLatex).join(', ')} \\right${close}`;
    }
    case 'mtable':
      return `\\begin{matrix} ${elementsOf(node).map(toLatex).join(' \\\\ ')} \\end{matrix}`;
    case 'mtr':
      return elementsOf(node).map(toLatex).join(' & ');
    case 'semantics':
      return first ?? '';
    case 'annotation':
    case 'annotation-xml':
      return '';
    default:
      return row(node);
  }
}

/** The TeX a `<semantics>` annotation carries, when the producer wrote one. */
function texAnnotation(node: MathNode): string | undefined {
  for (const child of elementsOf(node)) {
    if (child.name === 'annotation' && TEX_ENCODINGS.test(child.attributes['encoding'] ?? ''))
      return textOf(child).trim();
    const found = texAnnotation(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A MathML `<math>` element as LaTeX: its TeX annotation when there is one, else its `alttext`
 * when that is given, else the presentation markup converted (identifiers, numbers, operators,
 * scripts, fractions, roots, fences, matrices; Greek letters and common operators as commands).
 *
 * @example
 * mathmlToLatex(math); // '\\frac{a}{b}^2'
 */
export function mathmlToLatex(math: MathNode): string {
  const tex = texAnnotation(math);
  if (tex !== undefined && tex !== '') return tex;
  const alt = math.attributes['alttext']?.trim();
  if (alt !== undefined && alt !== '') return alt;
  return row(math);
}

/** Whether the `<math>` element is a display (block) formula. */
export const isDisplayMath = (math: MathNode): boolean => math.attributes['display'] === 'block';
