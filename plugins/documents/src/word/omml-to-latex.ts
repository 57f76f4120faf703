import { latexGroup, symbolsToLatex } from '../internal/latex-symbols.js';
import { elements, firstElement, localName, textOf, type XmlElement } from '../internal/parse-xml.js';

/** Unicode symbols Word writes in equations, as LaTeX commands. */
const NARY: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∫': '\\int',
  '∬': '\\iint',
  '∭': '\\iiint',
  '∮': '\\oint',
  '⋃': '\\bigcup',
  '⋂': '\\bigcap',
};
const ACCENTS: Record<string, string> = {
  '̂': '\\hat',
  '̃': '\\tilde',
  '̄': '\\bar',
  '⃗': '\\vec',
  '̇': '\\dot',
  '̈': '\\ddot',
};
const FUNCTIONS = new Set(['sin', 'cos', 'tan', 'cot', 'log', 'ln', 'exp', 'lim', 'max', 'min', 'det']);
const DELIMITERS: Record<string, string> = {
  '{': '\\{',
  '}': '\\}',
  '|': '|',
  '‖': '\\|',
  '⟨': '\\langle',
  '⟩': '\\rangle',
};

function part(parent: XmlElement, name: string): string {
  const child = firstElement(parent, name);
  return child === undefined ? '' : children(child);
}

function property(parent: XmlElement, pr: string, name: string): string | undefined {
  const props = firstElement(parent, pr);
  if (props === undefined) return undefined;
  const element = firstElement(props, name);
  if (element === undefined) return undefined;
  return element.attributes['m:val'] ?? '';
}

function children(element: XmlElement): string {
  return elements(element).map(convert).join('');
}

function delimiter(char: string): string {
  if (char === '') return '.';
  return DELIMITERS[char] ?? char;
}

function convert(element: XmlElement): string {
  switch (localName(element.name)) {
    case 'r':
      return elements(element, 'm:t')
        .map((t) => symbolsToLatex(textOf(t)))
        .join('');
    case 'f':
      return `\\frac{${part(element, 'm:num')}}{${part(element, 'm:den')}}`;
    case 'sSup':
      return `${latexGroup(part(element, 'm:e'))}^${latexGroup(part(element, 'm:sup'))}`;
    case 'sSub':
      return `${latexGroup(part(element, 'm:e'))}_${latexGroup(part(element, 'm:sub'))}`;
    case 'sSubSup':
      return `${latexGroup(part(element, 'm:e'))}_${latexGroup(part(element, 'm:sub'))}^${latexGroup(part(element, 'm:sup'))}`;
    case 'sPre':
      return `{}_${latexGroup(part(element, 'm:sub'))}^${latexGroup(part(element, 'm:sup'))}${part(element, 'm:e')}`;
    case 'rad': {
      const degree = part(element, 'm:deg');
      return degree === '' ? `\\sqrt{${part(element, 'm:e')}}` : `\\sqrt[${degree}]{${part(element, 'm:e')}}`;
    }
    case 'nary': {
      const char = property(element, 'm:naryPr', 'm:chr') ?? '∫';
      const sub = part(element, 'm:sub');
      const sup = part(element, 'm:sup');
      return `${NARY[char] ?? char}${sub === '' ? '' : `_${latexGroup(sub)}`}${sup === '' ? '' : `^${latexGroup(sup)}`} ${part(element, 'm:e')}`;
    }
    case 'd': {
      const open = property(element, 'm:dPr', 'm:begChr') ?? '(';
      const close = property(element, 'm:dPr', 'm:endChr') ?? ')';
      const separator = property(element, 'm:dPr', 'm:sepChr') ?? '|';
      const inner = elements(element, 'm:e')
        .map(children)
        .join(separator === '|' ? ' | ' : separator);
      return `\\left${delimiter(open)}${inner}\\right${delimiter(close)}`;
    }
    case 'func': {
      const name = part(element, 'm:fName');
      return `${FUNCTIONS.has(name) ? `\\${name}` : `\\operatorname{${name}}`}{${part(element, 'm:e')}}`;
    }
    case 'acc': {
      const char = property(element, 'm:accPr', 'm:chr') ?? '̂';
      return `${ACCENTS[char] ?? '\\hat'}{${part(element, 'm:e')}}`;
    }
    case 'bar':
      return `\\overline{${part(element, 'm:e')}}`;
    case 'limLow':
      return `${part(element, 'm:e')}_${latexGroup(part(element, 'm:lim'))}`;
    case 'limUpp':
      return `${part(element, 'm:e')}^${latexGroup(part(element, 'm:lim'))}`;
    case 'm':
      return `\\begin{matrix}${elements(element, 'm:mr')
        .map((row) => elements(row, 'm:e').map(children).join(' & '))
        .join(' \\\\ ')}\\end{matrix}`;
    case 'eqArr':
      return `\\begin{aligned}${elements(element, 'm:e').map(children).join(' \\\\ ')}\\end{aligned}`;
    case 'rPr':
    case 'ctrlPr':
    case 'oMathParaPr':
      return '';
    default:
      if (element.name.endsWith('Pr')) return '';
      return children(element);
  }
}

/**
 * An Office Math (OMML) equation as LaTeX: fractions, sub- and superscripts, radicals, n-ary
 * operators, delimiters, functions, accents, matrices and text, with common symbols as commands.
 *
 * @example
 * ommlToLatex(oMath); // '\\frac{a}{b}'
 */
export function ommlToLatex(oMath: XmlElement): string {
  return children(oMath).replace(/\s+/g, ' ').trim();
}
