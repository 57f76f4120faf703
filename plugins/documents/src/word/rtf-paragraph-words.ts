import { PLAIN_PARAGRAPH, type ParagraphProps } from './rtf-body.js';

/**
 * The paragraph properties after a paragraph-formatting word (`\pard`, `\sN`, `\outlinelevelN`,
 * `\lsN`, `\ilvlN`, `\intbl`, `\itapN`); undefined when the word is not one of them.
 */
export function withParagraphWord(
  para: ParagraphProps,
  name: string,
  param: number | undefined,
): ParagraphProps | undefined {
  switch (name) {
    case 'pard':
      return PLAIN_PARAGRAPH;
    case 's':
      return { ...para, style: param ?? 0 };
    case 'outlinelevel':
      return param === undefined ? para : { ...para, outlineLevel: param };
    case 'ls':
      return param === undefined ? para : { ...para, list: param };
    case 'ilvl':
      return { ...para, level: Math.max(0, Math.min(8, param ?? 0)) };
    case 'intbl':
      return { ...para, inTable: true };
    case 'itap':
      return { ...para, inTable: (param ?? 1) > 0 };
    default:
      return undefined;
  }
}
