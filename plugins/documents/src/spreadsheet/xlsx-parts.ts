import { posix } from 'node:path';
import type { OfficePackage } from '../internal/open-package.js';
import { elements, localName, textOf } from '../internal/parse-xml.js';
import type { XmlElement } from '../internal/parse-xml.js';
import { builtInFormat } from './number-format.js';
import { streamXml } from './stream-xml.js';

/** A sheet as the workbook lists it, in workbook order. */
export interface WorkbookSheetEntry {
  name: string;
  hidden: boolean;
  /** The worksheet part (undefined for a chart sheet or a dangling relationship). */
  part: string | undefined;
}

export interface WorkbookStructure {
  sheets: WorkbookSheetEntry[];
  date1904: boolean;
  sharedStringsPart: string | undefined;
  stylesPart: string | undefined;
}

function childrenNamed(parent: XmlElement, name: string): XmlElement[] {
  return elements(parent).filter((child) => localName(child.name) === name);
}

function attribute(element: XmlElement, name: string): string | undefined {
  for (const [key, value] of Object.entries(element.attributes)) if (localName(key) === name) return value;
  return undefined;
}

/** Relationship id → target part name, resolved against the source part's folder. */
async function relationships(
  pkg: OfficePackage,
  sourcePart: string,
): Promise<Map<string, { type: string; part: string }>> {
  const folder = posix.dirname(sourcePart);
  const relsPart = posix.join(folder, '_rels', `${posix.basename(sourcePart)}.rels`);
  const found = new Map<string, { type: string; part: string }>();
  if (!pkg.has(relsPart)) return found;
  const root = await pkg.readXml(relsPart);
  for (const rel of childrenNamed(root, 'Relationship')) {
    const target = rel.attributes.Target ?? '';
    if (rel.attributes.TargetMode === 'External') continue;
    const part = target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(folder, target));
    found.set(rel.attributes.Id ?? '', { type: rel.attributes.Type ?? '', part });
  }
  return found;
}

/** The workbook part (`xl/workbook.xml`, or wherever the package's root relationship points). */
async function workbookPart(pkg: OfficePackage): Promise<string> {
  for (const rel of (await relationships(pkg, '')).values()) {
    if (rel.type.endsWith('/officeDocument')) return rel.part;
  }
  return 'xl/workbook.xml';
}

export async function readWorkbookStructure(pkg: OfficePackage): Promise<WorkbookStructure> {
  const part = await workbookPart(pkg);
  const root = await pkg.readXml(part);
  const rels = await relationships(pkg, part);
  const properties = childrenNamed(root, 'workbookPr')[0];
  const date1904 = ['1', 'true'].includes(
    properties === undefined ? '' : (attribute(properties, 'date1904') ?? ''),
  );
  const sheets: WorkbookSheetEntry[] = [];
  for (const list of childrenNamed(root, 'sheets')) {
    for (const sheet of childrenNamed(list, 'sheet')) {
      const rel = rels.get(attribute(sheet, 'id') ?? '');
      sheets.push({
        name: sheet.attributes.name ?? `Sheet ${String(sheets.length + 1)}`,
        hidden: sheet.attributes.state === 'hidden' || sheet.attributes.state === 'veryHidden',
        part:
          rel !== undefined && rel.type.endsWith('/worksheet') && pkg.has(rel.part) ? rel.part : undefined,
      });
    }
  }
  const partOfType = (suffix: string): string | undefined =>
    [...rels.values()].find((rel) => rel.type.endsWith(suffix) && pkg.has(rel.part))?.part;
  return {
    sheets,
    date1904,
    sharedStringsPart: partOfType('/sharedStrings'),
    stylesPart: partOfType('/styles'),
  };
}

/**
 * The shared strings, streamed (a workbook can hold a million of them): each `si` is its plain
 * text or its rich-text runs joined, phonetic guides (`rPh`) left out.
 */
export async function readSharedStrings(
  pkg: OfficePackage,
  part: string,
  signal: AbortSignal,
): Promise<string[]> {
  const strings: string[] = [];
  let current: string | undefined;
  let inText = false;
  let phonetic = 0;
  await streamXml(
    pkg,
    part,
    {
      open(name) {
        if (name === 'si') current = '';
        else if (name === 'rPh') phonetic += 1;
        else if (name === 't' && phonetic === 0) inText = true;
      },
      close(name) {
        if (name === 'si') {
          strings.push(current ?? '');
          current = undefined;
        } else if (name === 'rPh') phonetic -= 1;
        else if (name === 't') inText = false;
      },
      text(text) {
        if (inText && current !== undefined) current += text;
      },
    },
    signal,
  );
  return strings;
}

/** Cell style index (`s`) → number format code. */
export async function readCellFormats(
  pkg: OfficePackage,
  part: string | undefined,
): Promise<(string | undefined)[]> {
  if (part === undefined) return [];
  const root = await pkg.readXml(part);
  const custom = new Map<number, string>();
  for (const list of childrenNamed(root, 'numFmts')) {
    for (const format of childrenNamed(list, 'numFmt')) {
      custom.set(Number(format.attributes.numFmtId), format.attributes.formatCode ?? 'General');
    }
  }
  const formats: (string | undefined)[] = [];
  for (const list of childrenNamed(root, 'cellXfs')) {
    for (const xf of childrenNamed(list, 'xf')) {
      const id = Number(xf.attributes.numFmtId ?? '0');
      formats.push(custom.get(id) ?? builtInFormat(id));
    }
  }
  return formats;
}

/** Title and author from `docProps/core.xml`. */
export async function readCoreProperties(pkg: OfficePackage): Promise<{ title?: string; author?: string }> {
  const part = 'docProps/core.xml';
  if (!pkg.has(part)) return {};
  const root = await pkg.readXml(part);
  const field = (name: string): string | undefined => {
    const element = childrenNamed(root, name)[0];
    const text = element === undefined ? '' : textOf(element).trim();
    return text === '' ? undefined : text;
  };
  const title = field('title');
  const author = field('creator');
  return { ...(title !== undefined && { title }), ...(author !== undefined && { author }) };
}
