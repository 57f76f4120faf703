import { posix } from 'node:path';
import { TransmuteError } from '@transmute/plugin-sdk';
import type { OfficePackage } from '../internal/open-package.js';
import { elements } from '../internal/parse-xml.js';
import type { XmlElement } from '../internal/parse-xml.js';

/** A part parsed as XML. */
export async function readXmlPart(pkg: OfficePackage, name: string): Promise<XmlElement> {
  return pkg.readXml(name);
}

/** A part parsed as XML, or undefined when the package has no such part. */
export async function readOptionalXmlPart(pkg: OfficePackage, name: string): Promise<XmlElement | undefined> {
  return pkg.has(name) ? readXmlPart(pkg, name) : undefined;
}

/** One relationship of a part: its type (the last segment of the type URI) and resolved target. */
export interface Relationship {
  type: string;
  target: string;
  external: boolean;
}

/** `ppt/slides/slide1.xml` → `ppt/slides/_rels/slide1.xml.rels`. */
function relsNameOf(partName: string): string {
  return posix.join(posix.dirname(partName), '_rels', `${posix.basename(partName)}.rels`);
}

/** A part's relationships by id, targets resolved against the part's folder (OPC rules). */
export async function readRelationships(
  pkg: OfficePackage,
  partName: string,
): Promise<Map<string, Relationship>> {
  const rels = await readOptionalXmlPart(pkg, relsNameOf(partName));
  const byId = new Map<string, Relationship>();
  if (rels === undefined) return byId;
  for (const rel of elements(rels, 'Relationship')) {
    const id = rel.attributes.Id;
    const target = rel.attributes.Target;
    if (id === undefined || target === undefined) continue;
    const external = rel.attributes.TargetMode === 'External';
    const resolved = external
      ? target
      : target.startsWith('/')
        ? target.slice(1)
        : posix.normalize(posix.join(posix.dirname(partName), target));
    byId.set(id, { type: (rel.attributes.Type ?? '').split('/').at(-1) ?? '', target: resolved, external });
  }
  return byId;
}

/** The first relationship of this type (the last segment of its type URI), if any. */
export function relationshipOfType(rels: Map<string, Relationship>, type: string): Relationship | undefined {
  for (const rel of rels.values()) if (rel.type === type) return rel;
  return undefined;
}

/** Throws `corrupt_file` when a required element is missing. */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new TransmuteError('corrupt_file', `The presentation has no ${what}.`);
  return value;
}
