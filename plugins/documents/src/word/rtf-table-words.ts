import type { RtfDefinitions } from './rtf-definitions.js';
import { codePageOfCharset } from './rtf-encoding.js';
import type { GroupState } from './rtf-state.js';

/** The definitions being read, and the font the font table's words describe now. */
export interface TableCursor {
  definitions: RtfDefinitions;
  font: number | undefined;
}

/** Old-style numbering formats that number (`\pndec` 1, 2, …; letters; roman numerals). */
const PN_NUMBERED = new Set(['pndec', 'pnucltr', 'pnlcltr', 'pnucrm', 'pnlcrm', 'pnord', 'pnordt', 'pncard']);

/**
 * Reads a word inside the font, style and list tables or old-style numbering (`\pn`) into the
 * definitions; false when the group is none of those (the word is then formatting).
 */
export function readTableWord(
  state: GroupState,
  name: string,
  param: number | undefined,
  tables: TableCursor,
): boolean {
  const destination = state.destination;
  const definitions = tables.definitions;
  switch (destination.kind) {
    case 'fonttbl':
      if (name === 'f') tables.font = param;
      else if (tables.font !== undefined && (name === 'fcharset' || name === 'cpg')) {
        const codePage = name === 'cpg' ? param : codePageOfCharset(param ?? 0);
        if (codePage !== undefined) definitions.fontCodePages.set(tables.font, codePage);
      }
      return true;
    case 'style':
      if (name === 's') destination.entry.number = param ?? 0;
      else if (name === 'cs' || name === 'ds' || name === 'ts' || name === 'tsrowd')
        destination.entry.other = true;
      else if (name === 'outlinelevel' && param !== undefined) destination.entry.outlineLevel = param;
      else if (name === 'sbasedon' && param !== undefined) destination.entry.basedOn = param;
      else return false;
      return true;
    case 'list':
      if (name === 'listid' && param !== undefined) destination.entry.id = param;
      return true;
    case 'listlevel':
      if ((name === 'levelnfc' || name === 'levelnfcn') && param !== undefined)
        destination.level.format = param;
      else if (name === 'levelstartat' && param !== undefined) destination.level.start = param;
      return true;
    case 'listoverride':
      if (name === 'listid' && param !== undefined) destination.entry.list = param;
      else if (name === 'ls' && param !== undefined) destination.entry.override = param;
      return true;
    case 'pn':
      numberingWord(destination.owner, name, param);
      return true;
    case 'body':
    case 'capture':
    case 'info':
    case 'listtable':
    case 'listoverridetable':
    case 'skip':
    case 'stylesheet':
    case 'upr':
      return false;
  }
}

function numberingWord(owner: GroupState, name: string, param: number | undefined): void {
  const numbering = owner.para.numbering ?? { level: 0 };
  if (name === 'pnlvlblt') owner.para = { ...owner.para, numbering: { ...numbering, ordered: false } };
  else if (name === 'pnlvl' && param !== undefined)
    owner.para = { ...owner.para, numbering: { ...numbering, level: Math.max(0, Math.min(8, param - 1)) } };
  else if (PN_NUMBERED.has(name) && numbering.ordered === undefined)
    owner.para = { ...owner.para, numbering: { ...numbering, ordered: true } };
}
