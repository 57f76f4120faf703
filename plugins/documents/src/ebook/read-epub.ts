import { posix } from 'node:path';
import type { Heading, PhrasingContent, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { toPrimaryLanguage, TransmuteError } from '@transmute/plugin-sdk';
import type { FormatReader, ReadContext } from '../internal/format-reader.js';
import { htmlToMdast, xhtmlToMdast } from '../internal/html-to-mdast.js';
import { packageLimitsOf } from '../internal/package-limits.js';
import { openPackage, type OfficePackage } from '../internal/open-package.js';
import { stampProvenance } from '../internal/stamp-provenance.js';
import { checkEncryption } from './check-encryption.js';
import { readNavigation, type NavEntry } from './read-navigation.js';
import { readOpf, type ManifestItem, type PackageDocument } from './read-opf.js';

const CONTENT_TYPES = new Set(['application/xhtml+xml', 'text/html']);

function bookHeader(opf: PackageDocument): RootContent[] {
  const blocks: RootContent[] = [];
  if (opf.title !== undefined)
    blocks.push({ type: 'heading', depth: 1, children: [{ type: 'text', value: opf.title }] });
  const facts: PhrasingContent[] = [];
  const addFact = (label: string, value: string): void => {
    if (facts.length > 0) facts.push({ type: 'break' });
    facts.push({ type: 'text', value: `${label}: ${value}` });
  };
  if (opf.creators.length > 0)
    addFact(opf.creators.length > 1 ? 'Authors' : 'Author', opf.creators.join(', '));
  if (opf.publisher !== undefined) addFact('Publisher', opf.publisher);
  if (opf.language !== undefined) addFact('Language', opf.language);
  if (facts.length > 0) blocks.push({ type: 'paragraph', children: facts });
  // The blurb opens the book as the back cover does: its paragraphs after the facts (HTML read as HTML).
  if (opf.description !== undefined)
    blocks.push(
      ...(/<[a-z][^>]*>/i.test(opf.description)
        ? htmlToMdast(opf.description)
        : [{ type: 'paragraph' as const, children: [{ type: 'text' as const, value: opf.description }] }]),
    );
  return blocks;
}

/** The highest level of a chapter's headings (the smallest depth). */
function topDepth(blocks: readonly RootContent[]): number {
  return Math.min(...blocks.map((block) => (block.type === 'heading' ? block.depth : 7)));
}

const toDepth = (level: number): Heading['depth'] => Math.max(1, Math.min(6, level)) as Heading['depth'];

/**
 * A chapter's blocks under its table-of-contents heading: the navigation's entry for the part is
 * the outline, so its label becomes a heading (depth = its level + 1, under the book's title)
 * unless the chapter opens with a heading of its own at its highest level (a file that opens with a
 * subsection keeps the label above it), which then takes the outline's depth, and the chapter's
 * other headings move with it (its `h2` sections stay one level below the chapter's `h1`). The opening heading is what a reader of the chapter sees, whatever the contents page
 * calls it (`1` or `Chapter 1` for `The hive wakes`): the label above it was a second heading.
 */
function underOutline(blocks: RootContent[], entry: NavEntry | undefined): RootContent[] {
  if (entry === undefined) return blocks;
  const depth = toDepth(entry.level + 1);
  const first = blocks[0];
  if (first?.type === 'heading' && first.depth === topDepth(blocks)) {
    const shift = depth - first.depth;
    if (shift !== 0)
      for (const block of blocks) if (block.type === 'heading') block.depth = toDepth(block.depth + shift);
    return blocks;
  }
  return [{ type: 'heading', depth, children: [{ type: 'text', value: entry.label }] }, ...blocks];
}

async function chapterBlocks(
  pkg: OfficePackage,
  item: ManifestItem,
  navigation: NavEntry[],
  ctx: ReadContext,
): Promise<RootContent[]> {
  if (!pkg.has(item.part)) {
    ctx.warn('missing_part', `The spine names ${item.part}, which the e-book does not hold.`);
    return [];
  }
  const entry = navigation.find((nav) => nav.part === item.part);
  const blocks = underOutline(xhtmlToMdast(await pkg.readText(item.part)), entry);
  const firstHeading = blocks.find((block) => block.type === 'heading');
  const chapter =
    entry?.label ?? (firstHeading === undefined ? posix.basename(item.part) : toString(firstHeading));
  return stampProvenance(blocks, { chapter, path: item.part });
}

/**
 * An EPUB (2 or 3): `META-INF/container.xml` → the package document; its metadata (title,
 * authors, publisher, language) as a header, then the spine's XHTML documents in reading order
 * converted with hast-util-to-mdast (parse5 never resolves a DTD or entity, so XHTML 1.1 DOCTYPEs are
 * harmless), each under its table-of-contents heading (nav.xhtml, else the NCX). The navigation
 * document itself is the outline, not a chapter. DRM (encryption.xml naming non-font resources)
 * is `encrypted_document`.
 */
export const readEpub: FormatReader = async (file, ctx) => {
  const pkg = await openPackage(file.path, file.sizeBytes, packageLimitsOf(ctx.limits));
  try {
    await checkEncryption(pkg);
    const opf = await readOpf(pkg);
    const navigation = await readNavigation(pkg, opf);
    const children = stampProvenance(bookHeader(opf), { path: opf.opfPart });
    let chapters = 0;
    for (const item of opf.spine) {
      ctx.signal.throwIfAborted();
      if (item.id === opf.nav?.id) continue;
      if (!CONTENT_TYPES.has(item.mediaType)) {
        ctx.warn(
          'skipped_part',
          `The spine item ${item.part} (${item.mediaType}) is not XHTML and was skipped.`,
        );
        continue;
      }
      const blocks = await chapterBlocks(pkg, item, navigation, ctx);
      if (blocks.length > 0) chapters += 1;
      children.push(...blocks);
    }
    if (chapters === 0) throw new TransmuteError('empty_content', 'The e-book has no readable chapter.');
    return {
      root: { type: 'root', children },
      metadata: {
        ...(opf.title !== undefined ? { title: opf.title } : {}),
        ...(opf.creators.length > 0 ? { author: opf.creators.join(', ') } : {}),
        ...(opf.language !== undefined ? { language: toPrimaryLanguage(opf.language) } : {}),
        facts: { chapters, ...(opf.publisher !== undefined ? { publisher: opf.publisher } : {}) },
      },
    };
  } finally {
    pkg.close();
  }
};
