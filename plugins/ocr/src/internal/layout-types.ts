/** One positioned piece of text from a page's text layer, in viewport units (y grows downward). */
export interface TextRun {
  str: string;
  /** Left edge. */
  x: number;
  /** Baseline. */
  y: number;
  width: number;
  /** Font size (em height). */
  size: number;
  font: string;
}

/** Runs on one baseline that sit close together: one line of one column or one table cell. */
export interface Segment {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
  font: string;
  /** The runs the segment was joined from, left to right (tables split a segment at column gaps). */
  runs?: readonly TextRun[];
}

/** A rectangle in viewport units. */
export interface Box {
  x0: number;
  x1: number;
  top: number;
  bottom: number;
}

/** A paragraph or list item as laid out on a page, before headings are decided for the document. */
export interface TextBlock {
  kind: 'paragraph' | 'list_item';
  text: string;
  /** Dominant font size of the block. */
  size: number;
  /** Dominant font of the block. */
  font: string;
  lineCount: number;
  ordered?: boolean;
  /** The bullet or number of a list item ("1.", "•"). */
  marker?: string;
  /** Where the block sits on its page, in the units of the page's `width` and `height`. */
  box?: Box;
  /** A figure's or a table's caption ("Figure 3: …", "Table 2. …"). */
  caption?: 'table' | 'figure';
}

/** One cell of a table: where it starts in the grid, how far it spans, its text and its box. */
export interface TableCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  box: Box;
}

/** A table found where the layout is tabular (ruled cells, or rows of aligned cells). */
export interface TableBlock {
  kind: 'table';
  /** The grid row by row: a spanning cell's text in its top-left slot, `""` in the slots it covers. */
  rows: string[][];
  /** The cells with their spans and boxes (absent: every slot of `rows` is a cell of its own). */
  cells?: TableCell[];
  /** How many rows at the top are header rows (absent: one). */
  headerRows?: number;
  /** Where the table sits on its page, in the units of the page's `width` and `height`. */
  box?: Box;
  /** The median font size of the table's text (weighs in the document's body size). */
  size?: number;
}

/** A block of a page in reading order. */
export type PageBlock = TextBlock | TableBlock;

/** What the layout of one page yields. */
export interface PageLayout {
  page: number;
  blocks: PageBlock[];
  /** Characters of text (without whitespace) found in the text layer. */
  characters: number;
  /** True when most of the text layer is unmapped glyphs (fonts without a Unicode map). */
  unusable?: boolean;
  /** The page's size in the units of its blocks' boxes (viewport units; 1 for OCR's normalized boxes). */
  width?: number;
  height?: number;
  /** The page's vertical extent in the frame its blocks are placed in (y downward), when known. */
  frame?: PageFrame;
}

/** The vertical extent of a page (y downward), in the units its text runs are placed in. */
export interface PageFrame {
  top: number;
  bottom: number;
}

/** A ruling line of a page (a stroked line or a rectangle's edge), in the frame of its text runs. */
export interface Ruling {
  /** `h`: horizontal at y = `at` from x = `from` to `to`; `v`: vertical at x = `at` from y = `from` to `to`. */
  axis: 'h' | 'v';
  at: number;
  from: number;
  to: number;
}
