import { TransmuteError } from '@transmute/plugin-sdk';
import { dropExternalDoctype } from '../internal/drop-external-doctype.js';
import type { OfficePackage } from '../internal/open-package.js';
import { parseXml, textOf, type XmlElement } from '../internal/parse-xml.js';
import { resolveHref } from './resolve-href.js';
import { attributeNamed, descendantsNamed } from './xml-by-local-name.js';

const CONTAINER_PART = 'META-INF/container.xml';

export interface ManifestItem {
  id: string;
  /** The part name in the package. */
  part: string;
  mediaType: string;
  properties: string[];
}

/** What the package document (OPF) says: metadata, the reading order and where the navigation is. */
export interface PackageDocument {
  opfPart: string;
  title: string | undefined;
  creators: string[];
  language: string | undefined;
  publisher: string | undefined;
  /** `dc:description`: the blurb, as text or (often, escaped) HTML. */
  description: string | undefined;
  /** Content documents in spine order. */
  spine: ManifestItem[];
  /** EPUB 3's navigation document (`properties="nav"`). */
  nav: ManifestItem | undefined;
  /** EPUB 2's NCX (`spine toc=`, or the manifest's NCX media type). */
  ncx: ManifestItem | undefined;
}

async function readXml(pkg: OfficePackage, part: string): Promise<XmlElement> {
  return parseXml(dropExternalDoctype(await pkg.readText(part)), part);
}

const trimmed = (element: XmlElement | undefined): string | undefined => {
  const value = element === undefined ? undefined : textOf(element).replace(/\s+/g, ' ').trim();
  return value === '' ? undefined : value;
};

/** Finds the OPF through `META-INF/container.xml` (its first rootfile) and reads it. */
export async function readOpf(pkg: OfficePackage): Promise<PackageDocument> {
  if (!pkg.has(CONTAINER_PART)) {
    throw new TransmuteError('corrupt_file', 'The e-book has no META-INF/container.xml.');
  }
  const container = await readXml(pkg, CONTAINER_PART);
  const rootfile = descendantsNamed(container, 'rootfile').find(
    (element) =>
      (element.attributes['media-type'] ?? 'application/oebps-package+xml') ===
      'application/oebps-package+xml',
  );
  const opfPart = rootfile?.attributes['full-path'];
  if (opfPart === undefined || !pkg.has(opfPart)) {
    throw new TransmuteError('corrupt_file', 'The e-book names no package document that it holds.');
  }
  const opf = await readXml(pkg, opfPart);
  const manifest = new Map<string, ManifestItem>();
  for (const item of descendantsNamed(opf, 'item')) {
    const { id, href } = item.attributes;
    if (id === undefined || href === undefined) continue;
    manifest.set(id, {
      id,
      part: resolveHref(opfPart, href).part,
      mediaType: item.attributes['media-type'] ?? '',
      properties: (item.attributes.properties ?? '').split(/\s+/).filter(Boolean),
    });
  }
  const spineElement = descendantsNamed(opf, 'spine')[0];
  const spine = descendantsNamed(spineElement ?? opf, 'itemref')
    .map((ref) => manifest.get(ref.attributes.idref ?? ''))
    .filter((item): item is ManifestItem => item !== undefined);
  const tocId = spineElement?.attributes.toc;
  const items = [...manifest.values()];
  const metadata = descendantsNamed(opf, 'metadata')[0] ?? opf;
  // Authors are the creators with no role or `aut` (editors, illustrators… apart), else all of them.
  const allCreators = descendantsNamed(metadata, 'creator');
  const authors = allCreators.filter((creator) => (attributeNamed(creator, 'role') ?? 'aut') === 'aut');
  const creators = (authors.length > 0 ? authors : allCreators)
    .map((creator) => trimmed(creator))
    .filter((name): name is string => name !== undefined);
  return {
    opfPart,
    title: trimmed(descendantsNamed(metadata, 'title')[0]),
    creators,
    language: trimmed(descendantsNamed(metadata, 'language')[0]),
    publisher: trimmed(descendantsNamed(metadata, 'publisher')[0]),
    description: trimmed(descendantsNamed(metadata, 'description')[0]),
    spine,
    nav: items.find((item) => item.properties.includes('nav')),
    ncx:
      (tocId === undefined ? undefined : manifest.get(tocId)) ??
      items.find((item) => item.mediaType === 'application/x-dtbncx+xml'),
  };
}
