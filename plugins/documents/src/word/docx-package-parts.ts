import { posix } from 'node:path';
import type { OfficePackage } from '../internal/open-package.js';
import { elements, type XmlElement } from '../internal/parse-xml.js';

/** One relationship of a part (`rId7` → `media/image1.png` or an external URL). */
export interface Relationship {
  target: string;
  external: boolean;
}

/** Reads an XML part when the package has it. */
export async function readPart(pkg: OfficePackage, name: string): Promise<XmlElement | undefined> {
  if (!pkg.has(name)) return undefined;
  return pkg.readXml(name);
}

/** The relationships of a part (`word/document.xml` → `word/_rels/document.xml.rels`), targets resolved. */
export async function readRelationships(
  pkg: OfficePackage,
  partName: string,
): Promise<Map<string, Relationship>> {
  const dir = posix.dirname(partName);
  const relsName = posix.join(dir, '_rels', `${posix.basename(partName)}.rels`);
  const rels = await readPart(pkg, relsName);
  const result = new Map<string, Relationship>();
  if (rels === undefined) return result;
  for (const rel of elements(rels, 'Relationship')) {
    const id = rel.attributes['Id'];
    const target = rel.attributes['Target'];
    if (id === undefined || target === undefined) continue;
    const external = rel.attributes['TargetMode'] === 'External';
    result.set(id, { target: external ? target : posix.join(dir, target), external });
  }
  return result;
}
