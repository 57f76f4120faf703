import type { Marks } from './phrasing.js';
import type { ParagraphProps, RtfBody } from './rtf-body.js';
import type { RtfListLevel } from './rtf-definitions.js';

/** No formatting (`\plain`). */
export const PLAIN_MARKS: Marks = Object.freeze({ bold: false, italic: false, strike: false, code: false });

/** A stylesheet entry as it is read: `\sN` (paragraph styles only), its name and outline level. */
export interface StyleEntry {
  name: string;
  number?: number;
  outlineLevel?: number;
  basedOn?: number;
  /** A character, section or table style (`\cs`, `\ds`, `\ts`): not a paragraph style. */
  other?: boolean;
}

/** Where a group's text goes, and what its words describe. */
export type Destination =
  | { kind: 'body'; body: RtfBody }
  | { kind: 'skip' }
  | { kind: 'capture'; text: { value: string } }
  | { kind: 'fonttbl' }
  | { kind: 'stylesheet' }
  | { kind: 'style'; entry: StyleEntry }
  | { kind: 'info' }
  | { kind: 'listtable' }
  | { kind: 'list'; entry: { id?: number; levels: RtfListLevel[] } }
  | { kind: 'listlevel'; level: RtfListLevel }
  | { kind: 'listoverridetable' }
  | { kind: 'listoverride'; entry: { list?: number; override?: number } }
  | { kind: 'pn'; owner: GroupState }
  | { kind: 'upr'; outer: Destination };

/** What a group carries (RTF state is saved at `{` and restored at `}`). */
export interface GroupState {
  destination: Destination;
  marks: Marks;
  hidden: boolean;
  font: number | undefined;
  /** `\ucN`: how many fallback characters follow a `\uN`. */
  uc: number;
  para: ParagraphProps;
  field: { instruction: string } | undefined;
  /** `\*` opened this group: an unknown destination word here means skip the group. */
  ignorable: boolean;
  onClose: (() => void) | undefined;
}
