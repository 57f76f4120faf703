import { TransmuteError } from '@transmute/plugin-sdk';
import { MONOSPACE } from './docx-inline.js';
import type { Marks } from './phrasing.js';
import { PLAIN_PARAGRAPH, RtfBody, type PageCounter } from './rtf-body.js';
import { withParagraphWord } from './rtf-paragraph-words.js';
import type { RtfDefinitions, RtfListLevel, RtfStyle } from './rtf-definitions.js';
import { decoderOf, DEFAULT_CODE_PAGE } from './rtf-encoding.js';
import { hyperlinkTarget } from './rtf-fields.js';
import { PLAIN_MARKS, type GroupState, type StyleEntry } from './rtf-state.js';
import { readTableWord, type TableCursor } from './rtf-table-words.js';
import type { RtfToken } from './rtf-tokens.js';
import { CHARACTER_SYMBOLS, CHARACTER_WORDS, SKIPPED_DESTINATIONS } from './rtf-vocabulary.js';

/** Groups nested deeper than this are a hostile or broken file. */
export const MAX_GROUP_DEPTH = 1000;
/** A field instruction or list marker longer than this is cut (they are a few words). */
const MAX_CAPTURE_CHARS = 4096;
/** Text bytes decoded at once at most. */
const PENDING_BYTES = 65_536;

/**
 * Decodes runs of ASCII bytes, which every code page RTF names reads as ASCII: the UTF-8 decoder
 * is native, where Node decodes the single-byte code pages (windows-1252) in JavaScript.
 */
const ASCII = new TextDecoder('utf-8');

/** Whether the first `length` bytes are ASCII, escape (ISO-2022's shifts) aside. */
function isAscii(bytes: Uint8Array, length: number): boolean {
  for (let index = 0; index < length; index += 1) {
    const byte = bytes[index] ?? 0;
    if (byte >= 0x80 || byte === 0x1b) return false;
  }
  return true;
}

const MARK_WORDS: Record<string, keyof Marks> = {
  b: 'bold',
  i: 'italic',
  strike: 'strike',
  striked: 'strike',
};

/** An annotation (comment) as read: its author, body, and the id of the text it is anchored to. */
export interface RtfAnnotation {
  author: string;
  body: RtfBody;
  anchor?: string;
}

/** A footnote as read: its identifier, body, and the page its reference is on. */
export interface RtfFootnote {
  identifier: string;
  body: RtfBody;
  page: number;
}

/**
 * Interprets RTF tokens (RTF 1.9.1 semantics): group state (character and paragraph formatting,
 * font, `\uc`), destinations (tables read into definitions, `\*` unknown ones and non-text ones
 * skipped, footnotes into bodies of their own, fields' results with hyperlinks), text decoded
 * through the code page of the current font's charset or `\ansicpg`, `\uN` with its fallback
 * skipped. Groups nested beyond {@link MAX_GROUP_DEPTH} are `corrupt_file`.
 */
export class RtfInterpreter {
  readonly main: RtfBody;
  readonly footnotes: RtfFootnote[] = [];
  readonly annotations: RtfAnnotation[] = [];
  /** `\atnauthor`: the author of the annotation that follows. */
  private annotationAuthor = '';
  readonly metadata: { title?: string; author?: string } = {};
  pictures = 0;
  private readonly stack: GroupState[] = [];
  private state: GroupState;
  private ansiCodePage = DEFAULT_CODE_PAGE;
  private defaultFont: number | undefined;
  /** The font table's fonts, and which one its words describe now. */
  private readonly tables: TableCursor;
  /** Text bytes not decoded yet (decoded in streaming steps when full, so memory stays bounded). */
  private pending = new Uint8Array(1024);
  private pendingLength = 0;
  /** The decoder of a run decoded in steps (a multi-byte character may straddle two steps). */
  private streaming: TextDecoder | undefined;
  private skipCount = 0;

  constructor(
    private readonly definitions: RtfDefinitions,
    private readonly pages: PageCounter,
  ) {
    this.main = new RtfBody(pages);
    this.tables = { definitions, font: undefined };
    this.state = {
      destination: { kind: 'body', body: this.main },
      marks: PLAIN_MARKS,
      hidden: false,
      font: undefined,
      uc: 1,
      para: PLAIN_PARAGRAPH,
      field: undefined,
      ignorable: false,
      onClose: undefined,
    };
  }

  /** Reads every token up to the group that closes the document (anything after it is ignored). */
  run(tokens: Iterable<RtfToken>): void {
    for (const token of tokens) {
      if (token.kind === 'text') this.bytes(token.bytes);
      else if (token.kind === 'hex') {
        if (this.skipCount > 0) this.skipCount -= 1;
        else if (this.state.destination.kind !== 'skip') this.pushByte(token.byte);
      } else if (this.skipCount > 0 && token.kind !== 'open' && token.kind !== 'close') {
        // A control word or symbol in a `\u` fallback counts as one character.
        this.skipCount -= 1;
      } else {
        this.flush();
        if (token.kind === 'open') this.open();
        else if (token.kind === 'close') {
          if (!this.close()) break;
        } else if (token.kind === 'symbol') this.symbol(token.char);
        else if (token.kind === 'word') this.word(token.name, token.param);
      }
    }
    this.flush();
    while (this.stack.length > 0) this.close();
    this.main.finish(this.state.para);
  }

  private bytes(bytes: Uint8Array): void {
    let from = 0;
    if (this.skipCount > 0) {
      from = Math.min(bytes.length, this.skipCount);
      this.skipCount -= from;
    }
    if (this.state.destination.kind === 'skip') return;
    for (let index = from; index < bytes.length; index += 1) this.pushByte(bytes[index] ?? 0);
  }

  private pushByte(byte: number): void {
    if (this.pendingLength === this.pending.length) {
      // Grown as runs need it: most files' runs are short, and a 64 KB buffer a file was garbage to collect.
      if (this.pending.length < PENDING_BYTES) {
        const grown = new Uint8Array(this.pending.length * 2);
        grown.set(this.pending);
        this.pending = grown;
      } else this.decodePending(true);
    }
    this.pending[this.pendingLength] = byte;
    this.pendingLength += 1;
  }

  private codePage(): number {
    const font = this.state.font ?? this.defaultFont;
    return (font === undefined ? undefined : this.definitions.fontCodePages.get(font)) ?? this.ansiCodePage;
  }

  private flush(): void {
    if (this.pendingLength > 0 || this.streaming !== undefined) this.decodePending(false);
  }

  private decodePending(more: boolean): void {
    // A run decoded in steps keeps its code page's decoder: a later step may not be ASCII.
    const ascii = !more && this.streaming === undefined && isAscii(this.pending, this.pendingLength);
    const decoder = this.streaming ?? (ascii ? ASCII : decoderOf(this.codePage()));
    const text = decoder.decode(this.pending.subarray(0, this.pendingLength), { stream: more });
    this.pendingLength = 0;
    this.streaming = more ? decoder : undefined;
    this.emit(text);
  }

  private emit(text: string): void {
    const destination = this.state.destination;
    if (destination.kind === 'body') {
      if (!this.state.hidden) destination.body.text(text, this.state.marks);
    } else if (destination.kind === 'capture') {
      if (destination.text.value.length < MAX_CAPTURE_CHARS) destination.text.value += text;
    } else if (destination.kind === 'style') destination.entry.name += text;
    else if (destination.kind === 'fonttbl' && this.tables.font !== undefined) {
      const name = this.definitions.fontNames.get(this.tables.font) ?? '';
      if (name.length < MAX_CAPTURE_CHARS) this.definitions.fontNames.set(this.tables.font, name + text);
    }
  }

  private open(): void {
    this.skipCount = 0;
    if (this.stack.length >= MAX_GROUP_DEPTH)
      throw new TransmuteError(
        'corrupt_file',
        `The RTF nests groups deeper than ${String(MAX_GROUP_DEPTH)} levels.`,
      );
    const parent = this.state;
    this.stack.push(parent);
    this.state = { ...parent, ignorable: false, onClose: undefined };
    if (parent.destination.kind === 'stylesheet') {
      const entry = { name: '' };
      this.state.destination = { kind: 'style', entry };
      this.state.onClose = () => this.addStyle(entry);
    }
  }

  /** Closes a group; false when it was the document's own group. */
  private close(): boolean {
    this.skipCount = 0;
    this.state.onClose?.();
    const parent = this.stack.pop();
    if (parent === undefined) return false;
    this.state = parent;
    return this.stack.length > 0;
  }

  private addStyle(entry: StyleEntry): void {
    if (this.state.destination.kind !== 'style' || entry.other === true) return;
    const name = entry.name.replace(/;[\s\S]*$/, '').trim();
    const style: RtfStyle = { name };
    if (entry.outlineLevel !== undefined) style.outlineLevel = entry.outlineLevel;
    if (entry.basedOn !== undefined && entry.basedOn !== entry.number) style.basedOn = entry.basedOn;
    this.definitions.styles.set(entry.number ?? 0, style);
  }

  private symbol(char: string): void {
    if (char === '*') {
      this.state.ignorable = true;
      return;
    }
    if (this.state.destination.kind === 'skip') return;
    const text = CHARACTER_SYMBOLS[char];
    if (text !== undefined) this.emit(text);
  }

  private word(name: string, param: number | undefined): void {
    const state = this.state;
    if (state.destination.kind === 'skip') return;
    const ignorable = state.ignorable;
    state.ignorable = false;
    if (this.destination(name)) return;
    if (ignorable) {
      state.destination = { kind: 'skip' };
      return;
    }
    if (readTableWord(this.state, name, param, this.tables)) return;
    this.formattingWord(name, param);
  }

  /** Enters a destination the word names; false when it names none. */
  private destination(name: string): boolean {
    const state = this.state;
    const parent = state.destination;
    // `{\upr{ANSI version}{\*\ud{Unicode version}}}`: only the Unicode version is read.
    if (parent.kind === 'upr' && name !== 'ud') {
      state.destination = { kind: 'skip' };
      return true;
    }
    switch (name) {
      case 'fonttbl':
      case 'stylesheet':
      case 'info':
      case 'listtable':
      case 'listoverridetable':
        state.destination = { kind: name };
        return true;
      case 'title':
      case 'author': {
        const text = { value: '' };
        state.destination = { kind: 'capture', text };
        state.onClose = () => {
          const value = text.value.trim();
          // LibreOffice writes a second, placeholder `\author`: the first one is the author.
          if (value !== '' && this.metadata[name] === undefined) this.metadata[name] = value;
        };
        return true;
      }
      case 'list':
      case 'listlevel':
      case 'listoverride':
        return this.listDestination(name);
      case 'footnote':
        this.footnote();
        return true;
      case 'annotation':
        this.annotation();
        return true;
      case 'atnauthor':
      case 'atnref':
      case 'atrfstart':
      case 'atrfend':
        this.annotationPart(name);
        return true;
      case 'field':
        state.field = { instruction: '' };
        return true;
      case 'fldinst':
        this.fieldInstruction();
        return true;
      case 'fldrslt':
        this.fieldResult();
        return true;
      case 'listtext':
      case 'pntext': {
        const text = { value: '' };
        state.destination = { kind: 'capture', text };
        if (parent.kind === 'body') state.onClose = () => parent.body.listMarker(text.value);
        return true;
      }
      case 'pn': {
        const owner = this.stack.at(-1);
        if (owner === undefined) return false;
        owner.para = { ...owner.para, numbering: { level: 0 } };
        state.destination = { kind: 'pn', owner };
        return true;
      }
      case 'upr':
        state.destination = { kind: 'upr', outer: parent };
        return true;
      case 'ud':
        if (parent.kind === 'upr') state.destination = parent.outer;
        return true;
      case 'shppict':
        return true;
      case 'pict':
        this.pictures += 1;
        state.destination = { kind: 'skip' };
        return true;
      default:
        if (!SKIPPED_DESTINATIONS.has(name)) return false;
        state.destination = { kind: 'skip' };
        return true;
    }
  }

  private listDestination(name: 'list' | 'listlevel' | 'listoverride'): boolean {
    const state = this.state;
    const parent = state.destination;
    if (name === 'list' && parent.kind === 'listtable') {
      const entry: { id?: number; levels: RtfListLevel[] } = { levels: [] };
      state.destination = { kind: 'list', entry };
      state.onClose = () => {
        if (entry.id !== undefined) this.definitions.lists.set(entry.id, entry.levels);
      };
      return true;
    }
    if (name === 'listlevel' && parent.kind === 'list') {
      const level: RtfListLevel = { format: 0, start: 1 };
      parent.entry.levels.push(level);
      state.destination = { kind: 'listlevel', level };
      return true;
    }
    if (name === 'listoverride' && parent.kind === 'listoverridetable') {
      const entry: { list?: number; override?: number } = {};
      state.destination = { kind: 'listoverride', entry };
      state.onClose = () => {
        if (entry.list !== undefined && entry.override !== undefined)
          this.definitions.overrides.set(entry.override, entry.list);
      };
      return true;
    }
    return false;
  }

  private footnote(): void {
    const state = this.state;
    const parent = state.destination;
    if (parent.kind !== 'body') {
      state.destination = { kind: 'skip' };
      return;
    }
    const identifier = `fn${String(this.footnotes.length + 1)}`;
    const body = new RtfBody({ current: 1, counted: false });
    this.footnotes.push({ identifier, body, page: this.pages.current });
    parent.body.node({ type: 'footnoteReference', identifier, label: identifier });
    state.destination = { kind: 'body', body };
    state.para = PLAIN_PARAGRAPH;
    state.field = undefined;
    state.onClose = () => body.finish(state.para);
  }

  private annotation(): void {
    const state = this.state;
    if (state.destination.kind !== 'body') {
      state.destination = { kind: 'skip' };
      return;
    }
    const body = new RtfBody({ current: 1, counted: false });
    this.annotations.push({ author: this.annotationAuthor, body });
    this.annotationAuthor = '';
    state.destination = { kind: 'body', body };
    state.para = PLAIN_PARAGRAPH;
    state.field = undefined;
    state.onClose = () => body.finish(state.para);
  }

  /** The author, the anchor id inside an annotation, and the anchor's start and end in the text. */
  private annotationPart(name: 'atnauthor' | 'atnref' | 'atrfstart' | 'atrfend'): void {
    const state = this.state;
    const parent = state.destination;
    const text = { value: '' };
    state.destination = { kind: 'capture', text };
    state.onClose = () => {
      const value = text.value.trim();
      if (name === 'atnauthor') this.annotationAuthor = value;
      else if (parent.kind !== 'body') return;
      else if (name === 'atnref') {
        const annotation = this.annotations.find((candidate) => candidate.body === parent.body);
        if (annotation !== undefined) annotation.anchor = value;
      } else if (name === 'atrfstart') parent.body.openAnchor(value);
      else parent.body.closeAnchor(value);
    };
  }

  private fieldInstruction(): void {
    const field = this.state.field;
    if (field === undefined) {
      this.state.destination = { kind: 'skip' };
      return;
    }
    const text = { value: '' };
    this.state.destination = { kind: 'capture', text };
    this.state.onClose = () => {
      field.instruction = text.value;
    };
  }

  private fieldResult(): void {
    const state = this.state;
    const destination = state.destination;
    const url = state.field === undefined ? undefined : hyperlinkTarget(state.field.instruction);
    state.field = undefined;
    if (url === undefined || destination.kind !== 'body') return;
    if (destination.body.beginLink(url)) state.onClose = () => destination.body.endLink();
  }

  private formattingWord(name: string, param: number | undefined): void {
    const state = this.state;
    const mark = MARK_WORDS[name];
    if (mark !== undefined) {
      state.marks = { ...state.marks, [mark]: param !== 0 };
      return;
    }
    const character = CHARACTER_WORDS[name];
    if (character !== undefined) {
      this.emit(character);
      return;
    }
    switch (name) {
      case 'u':
        if (param === undefined) return;
        this.emit(String.fromCharCode(param < 0 ? param + 65536 : param));
        this.skipCount = state.uc;
        return;
      case 'uc':
        state.uc = Math.max(0, Math.min(10, param ?? 1));
        return;
      case 'ansicpg':
        if (param !== undefined && param > 0) this.ansiCodePage = param;
        return;
      case 'mac':
        this.ansiCodePage = 10000;
        return;
      case 'pc':
        this.ansiCodePage = 437;
        return;
      case 'pca':
        this.ansiCodePage = 850;
        return;
      case 'deff':
        this.defaultFont = param;
        return;
      case 'f':
        this.setFont(param);
        return;
      case 'v':
        state.hidden = param !== 0;
        return;
      case 'plain':
        state.marks = PLAIN_MARKS;
        state.hidden = false;
        this.setFont(this.defaultFont);
        return;
      default:
        this.paragraphWord(name, param);
    }
  }

  /** `\fN`: the font, whose charset decodes the text and whose being monospace makes it code. */
  private setFont(font: number | undefined): void {
    const state = this.state;
    state.font = font;
    const name = font === undefined ? undefined : this.definitions.fontNames.get(font);
    const code = name !== undefined && MONOSPACE.test(name);
    if (state.marks.code !== code) state.marks = { ...state.marks, code };
  }

  private paragraphWord(name: string, param: number | undefined): void {
    const para = withParagraphWord(this.state.para, name, param);
    if (para !== undefined) this.state.para = para;
    else this.bodyWord(name, param);
  }

  /** Words that end paragraphs, cells and rows or break lines and pages: only in a body. */
  private bodyWord(name: string, param: number | undefined): void {
    const destination = this.state.destination;
    if (destination.kind !== 'body') return;
    const body = destination.body;
    const para = this.state.para;
    switch (name) {
      case 'par':
      case 'sect':
        body.paragraphEnd(para);
        return;
      case 'cell':
        body.cellEnd(para);
        return;
      case 'nestcell':
        body.paragraphEnd({ ...para, inTable: true });
        return;
      case 'row':
        body.rowEnd();
        return;
      case 'line':
        if (!this.state.hidden) body.node({ type: 'break' });
        return;
      case 'page':
      case 'pagebb':
        if (body === this.main && param !== 0) body.pageBreak();
        return;
      default:
        body.rowWord(name, param);
    }
  }
}
