import { posix } from 'node:path';
import type { PhrasingContent } from 'mdast';
import {
  descendants,
  elements,
  firstElement,
  localName,
  textOf,
  type XmlElement,
} from '../internal/parse-xml.js';
import type { Relationship } from './docx-package-parts.js';
import { toggle, type StyleInfo } from './docx-styles.js';
import { ommlToLatex } from './omml-to-latex.js';
import { toPhrasing, type Marks, type Segment } from './phrasing.js';

/** What reading runs needs from the whole document, and what it reports back. */
export interface InlineContext {
  relationships: Map<string, Relationship>;
  characterStyles: Map<string, StyleInfo>;
  /** Called for each page break met (explicit, or where Word last broke the page). */
  onPageBreak(): void;
  /** The page being read, and the page the current paragraph's first text is on (set as it is read). */
  currentPage(): number;
  firstTextPage: number | undefined;
  /** Which page-break markers count (the rendered ones when the file has any). */
  countRenderedBreaks: boolean;
  /** Text of each comment's anchor, filled as runs are read. */
  commentAnchors: Map<string, string>;
  openComments: Set<string>;
}

/** Font names of monospace fonts: text set in them is code. */
export const MONOSPACE = /courier|consolas|mono|menlo|lucida console|source code/i;

function runMarks(run: XmlElement, ctx: InlineContext): Marks {
  const rPr = firstElement(run, 'w:rPr');
  if (rPr === undefined) return { bold: false, italic: false, strike: false, code: false };
  const styleId = firstElement(rPr, 'w:rStyle')?.attributes['w:val'];
  const style = styleId === undefined ? undefined : ctx.characterStyles.get(styleId);
  const font = firstElement(rPr, 'w:rFonts')?.attributes['w:ascii'] ?? '';
  // A run's own toggle wins over its character style's (`Strong` with `w:b w:val="0"` is not bold).
  return {
    bold: toggle(rPr, 'w:b') ?? style?.bold ?? false,
    italic: toggle(rPr, 'w:i') ?? style?.italic ?? false,
    strike: (toggle(rPr, 'w:strike') ?? false) || (toggle(rPr, 'w:dstrike') ?? false),
    code: style?.code === true || MONOSPACE.test(font),
  };
}

function imageOf(drawing: XmlElement, ctx: InlineContext): PhrasingContent | undefined {
  const blip = findFirst(drawing, (element) => localName(element.name) === 'blip');
  const docPr = findFirst(drawing, (element) => localName(element.name) === 'docPr');
  const imageData = findFirst(drawing, (element) => element.name === 'v:imagedata');
  const relId = blip?.attributes['r:embed'] ?? blip?.attributes['r:link'] ?? imageData?.attributes['r:id'];
  const target = relId === undefined ? undefined : ctx.relationships.get(relId);
  if (target === undefined) return undefined;
  const name = target.external ? target.target : posix.basename(target.target);
  const alt =
    docPr?.attributes['descr']?.trim() ||
    docPr?.attributes['title']?.trim() ||
    imageData?.attributes['o:title']?.trim() ||
    '';
  return { type: 'image', url: name, alt };
}

function findFirst(root: XmlElement, test: (element: XmlElement) => boolean): XmlElement | undefined {
  for (const child of elements(root)) {
    if (test(child)) return child;
    const found = findFirst(child, test);
    if (found !== undefined) return found;
  }
  return undefined;
}

function addText(segments: Segment[], text: string, marks: Marks, ctx: InlineContext): void {
  if (text === '') return;
  ctx.firstTextPage ??= ctx.currentPage();
  for (const id of ctx.openComments) ctx.commentAnchors.set(id, (ctx.commentAnchors.get(id) ?? '') + text);
  segments.push({ kind: 'text', text, marks });
}

function readRun(run: XmlElement, ctx: InlineContext, segments: Segment[]): void {
  const marks = runMarks(run, ctx);
  for (const child of elements(run)) {
    switch (child.name) {
      case 'w:t':
        addText(segments, textOf(child), marks, ctx);
        break;
      case 'w:tab':
        addText(segments, ' ', marks, ctx);
        break;
      case 'w:noBreakHyphen':
        addText(segments, '-', marks, ctx);
        break;
      case 'w:br':
      case 'w:cr':
        if (child.attributes['w:type'] === 'page') {
          if (!ctx.countRenderedBreaks) ctx.onPageBreak();
        } else if (child.attributes['w:type'] !== 'column')
          segments.push({ kind: 'node', node: { type: 'break' } });
        break;
      case 'w:lastRenderedPageBreak':
        if (ctx.countRenderedBreaks) ctx.onPageBreak();
        break;
      case 'w:footnoteReference':
      case 'w:endnoteReference': {
        const id = child.attributes['w:id'];
        if (id === undefined) break;
        const identifier = `${child.name === 'w:footnoteReference' ? 'fn' : 'en'}${id}`;
        segments.push({ kind: 'node', node: { type: 'footnoteReference', identifier, label: identifier } });
        break;
      }
      case 'mc:AlternateContent': {
        // Word writes a drawing twice (the modern choice, a VML fallback): the first one is read.
        const choice = elements(child).find(
          (option) => option.name === 'mc:Choice' || option.name === 'mc:Fallback',
        );
        if (choice !== undefined) readRun({ ...run, children: choice.children }, ctx, segments);
        break;
      }
      case 'w:drawing':
      case 'w:pict':
      case 'w:object': {
        const image = imageOf(child, ctx);
        if (image !== undefined) segments.push({ kind: 'node', node: image });
        // A text box's paragraphs are text of the page: read in place, one line each.
        for (const box of descendants(child, 'w:txbxContent')) {
          for (const paragraph of elements(box, 'w:p')) {
            if (segments.length > 0) segments.push({ kind: 'node', node: { type: 'break' } });
            readInline(paragraph, ctx, segments);
          }
        }
        break;
      }
      default:
        break;
    }
  }
}

/** Reads the inline content of a paragraph (or hyperlink, field, content control, insertion). */
function readInline(parent: XmlElement, ctx: InlineContext, segments: Segment[]): void {
  for (const child of elements(parent)) {
    switch (child.name) {
      case 'w:r':
        readRun(child, ctx, segments);
        break;
      case 'w:hyperlink': {
        const inner: Segment[] = [];
        readInline(child, ctx, inner);
        const relId = child.attributes['r:id'];
        const anchor = child.attributes['w:anchor'];
        const target = relId === undefined ? undefined : ctx.relationships.get(relId)?.target;
        const url = target ?? (anchor === undefined ? undefined : `#${anchor}`);
        const content = toPhrasing(inner);
        if (url === undefined || content.length === 0) segments.push(...inner);
        else segments.push({ kind: 'node', node: { type: 'link', url, children: content } });
        break;
      }
      // Tracked changes resolve to the accepted text: insertions and moves' destinations stay.
      case 'w:del':
      case 'w:moveFrom':
      case 'w:pPr':
        break;
      case 'w:commentRangeStart': {
        const id = child.attributes['w:id'];
        if (id !== undefined) {
          ctx.openComments.add(id);
          ctx.commentAnchors.set(id, ctx.commentAnchors.get(id) ?? '');
        }
        break;
      }
      case 'w:commentRangeEnd': {
        const id = child.attributes['w:id'];
        if (id !== undefined) ctx.openComments.delete(id);
        break;
      }
      case 'm:oMath':
        segments.push({ kind: 'node', node: { type: 'html', value: `$${ommlToLatex(child)}$` } });
        break;
      case 'm:oMathPara':
        for (const math of elements(child, 'm:oMath'))
          segments.push({ kind: 'node', node: { type: 'html', value: `$$${ommlToLatex(math)}$$` } });
        break;
      case 'w:sdt': {
        const content = firstElement(child, 'w:sdtContent');
        if (content !== undefined) readInline(content, ctx, segments);
        break;
      }
      default:
        // w:ins, w:moveTo, w:smartTag, w:customXml, w:fldSimple, w:bdo, w:dir: their runs are the text.
        readInline(child, ctx, segments);
    }
  }
}

/**
 * The inline content of a `w:p` as mdast phrasing: formatted runs (bold, italic, strike, code),
 * hyperlinks, footnote and endnote references, images with their alt text, equations as LaTeX,
 * tracked changes accepted; page breaks reported through the context.
 */
export function readParagraphInline(paragraph: XmlElement, ctx: InlineContext): PhrasingContent[] {
  const segments: Segment[] = [];
  readInline(paragraph, ctx, segments);
  return toPhrasing(segments);
}
