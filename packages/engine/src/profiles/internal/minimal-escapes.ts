import type { Text } from 'mdast';
import type { Options } from 'mdast-util-to-markdown';

type TextHandler = NonNullable<NonNullable<Options['handlers']>['text']>;
type Unsafe = NonNullable<Options['unsafe']>[number];

// mdast-util-to-markdown escapes a character wherever it *might* start markup (`\<rss`, `\@`,
// `http\://`, `AT\&T`, `2 \* 3`). These rules replace the broad ones with the exact CommonMark
// conditions under which the character would change what the markdown means; every other rule
// (line starts, brackets, backticks, underscores, tildes, table pipes) is kept as it is.

const tagName = '[A-Za-z][A-Za-z0-9-]*';
const attribute = `\\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\\s*=\\s*(?:[^\\s"'=<>\`]+|'[^']*'|"[^"]*"))?`;
// Inline raw HTML (an open or closing tag, a comment, a declaration, CDATA, a processing
// instruction) and autolinks: the only things a `<` inside a line can start (CommonMark §6.5, §6.6).
const inlineHtmlOrAutolink = [
  `${tagName}(?:${attribute})*\\s*\\/?>`,
  `\\/${tagName}\\s*>`,
  '![A-Za-z[-]',
  '\\?[\\s\\S]*?\\?>',
  '[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\\s<>]*>',
  "[\\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>",
].join('|');

// HTML block starts of kinds 1 to 6 (CommonMark §4.6): at a line start these need no closing `>`.
const blockNames = [
  'script|pre|style|textarea',
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog',
  'dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header',
  'hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search',
  'section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul',
].join('|');
const anyCase = (names: string): string =>
  names.replace(/[a-z]/g, (letter) => `[${letter}${letter.toUpperCase()}]`);
const htmlBlockStart = `[!?]|\\/?(?:${anyCase(blockNames)})(?:[\\s/>]|$)`;

const phrasing = {
  inConstruct: 'phrasing',
  notInConstruct: [
    'autolink',
    'destinationLiteral',
    'destinationRaw',
    'reference',
    'titleQuote',
    'titleApostrophe',
  ],
} satisfies Partial<Unsafe>;

const replacements: Unsafe[] = [
  { character: '<', after: `(?=${inlineHtmlOrAutolink})`, ...phrasing },
  { atBreak: true, character: '<', after: `(?=${htmlBlockStart})` },
  // `#` starts a heading only as a run of one to six followed by white space or the line's end.
  { atBreak: true, character: '#', after: '(?=#{0,5}(?:[ \\t\\r\\n]|$))' },
  // A lone `*`, `-` or `+` on a line is an empty list item.
  { atBreak: true, character: '*', after: '$' },
  { atBreak: true, character: '-', after: '$' },
  { atBreak: true, character: '+', after: '$' },
  // `&` only where it starts a character reference.
  {
    character: '&',
    after: '(?=(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});)',
    ...phrasing,
  },
];

/** The broad rules these replace, and GFM's autolink-literal rules (a linked URL reads the same). */
function isReplaced(pattern: Unsafe): boolean {
  const { character, inConstruct } = pattern;
  const inPhrasing =
    inConstruct === 'phrasing' || (Array.isArray(inConstruct) && inConstruct.includes('phrasing'));
  if (character === '@' || character === ':' || (character === '.' && pattern.before === '[Ww]')) return true;
  if (character === '#') return pattern.atBreak === true && pattern.after === undefined;
  if (character === '<') return pattern.atBreak === true || inPhrasing;
  return character === '&' && inPhrasing;
}

/** The `&` rule for every construct but phrasing, kept as mdast-util-to-markdown has it. */
function ampersandOutsidePhrasing(unsafe: Unsafe[]): Unsafe[] {
  return unsafe
    .filter((pattern) => pattern.character === '&' && Array.isArray(pattern.inConstruct))
    .map((pattern) => ({
      ...pattern,
      inConstruct: [pattern.inConstruct ?? []].flat().filter((name) => name !== 'phrasing'),
    }));
}

const minimal = new WeakMap<Unsafe[], Unsafe[]>();
let lastMade: { broad: Unsafe[]; rules: Unsafe[] } | undefined;

const samePatterns = (one: Unsafe[], other: Unsafe[]): boolean =>
  one.length === other.length && one.every((pattern, index) => pattern === other[index]);

/**
 * The minimal rules for a writer's list. Each `toMarkdown` call copies the same pattern objects
 * into a new list: the rules made for an equal list are handed out again, the same objects, so the
 * writer's compiled expressions and its grouping of them (keyed by the objects) are kept too.
 */
function minimalUnsafe(unsafe: Unsafe[]): Unsafe[] {
  let rules = minimal.get(unsafe);
  if (rules === undefined) {
    if (lastMade === undefined || !samePatterns(lastMade.broad, unsafe))
      lastMade = {
        broad: [...unsafe],
        rules: [
          ...unsafe.filter((pattern) => !isReplaced(pattern)),
          ...ampersandOutsidePhrasing(unsafe),
          ...replacements,
        ],
      };
    rules = lastMade.rules;
    minimal.set(unsafe, rules);
  }
  return rules;
}

// An asterisk with white space on both sides, inside a line, can neither open nor close emphasis
// (nor start a list item): its escape is taken back after the broad rule wrote it. (A rule with
// lookarounds cannot do this: the serializer drops an escape whose condition is on a neighbour that
// is itself escaped.)
const spacedAsterisk = /(?<=\S[ \t]+)\\\*(?=[ \t])/g;

/**
 * The `text` handler for remark-stringify: the default handler's escaping with only the escapes
 * CommonMark + GFM need for the text to read back as the same text.
 */
export const minimalEscapesText: TextHandler = (node: Text, parent, state, info) => {
  const siblings = parent === undefined ? [] : parent.children;
  const index = state.indexStack[state.indexStack.length - 1] ?? -1;
  const broad = state.unsafe;
  state.unsafe = minimalUnsafe(broad);
  try {
    const escaped = state.safe(node.value, {
      ...info,
      afterNode: siblings[index + 1],
      beforeNode: siblings[index - 1],
    });
    // Most texts hold no escaped asterisk: the expression, led by a lookbehind, is not run over them.
    return escaped.includes('\\*') ? escaped.replace(spacedAsterisk, '*') : escaped;
  } finally {
    state.unsafe = broad;
  }
};
