import { readFileSync } from 'node:fs';
import type { Heading, Paragraph, PhrasingContent, RootContent } from 'mdast';
import { toPrimaryLanguage, TransmuteError } from '@transmute/plugin-sdk';
import type { FormatReader } from '../internal/format-reader.js';
import { htmlToMdast } from '../internal/html-to-mdast.js';
import { decodeXmlBytes } from '../internal/write-decoded.js';
import { stampProvenance } from '../internal/stamp-provenance.js';
import type { Feed, FeedItem } from './feed-shape.js';
import { parseFeed } from './parse-feed.js';

/** The encoding an XML declaration names (`<?xml version="1.0" encoding="ISO-8859-1"?>`). */
const DECLARED_ENCODING = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;

/** A feed's bytes as text: a UTF-16 BOM, else the declared encoding, else UTF-8. */
function decodeFeed(bytes: Buffer): string {
  const head = bytes.subarray(0, 200).toString('latin1');
  const declared = DECLARED_ENCODING.exec(head)?.[1]?.toLowerCase();
  if (declared === undefined || declared.startsWith('utf')) return decodeXmlBytes(bytes);
  try {
    return new TextDecoder(declared).decode(bytes);
  } catch {
    return decodeXmlBytes(bytes);
  }
}

const heading = (depth: Heading['depth'], value: string): Heading => ({
  type: 'heading',
  depth,
  children: [{ type: 'text', value }],
});

/** Headings inside an item sit below the item's own `##`. */
function demoteHeadings(blocks: RootContent[]): RootContent[] {
  for (const block of blocks) {
    if (block.type === 'heading') block.depth = Math.min(6, block.depth + 2) as Heading['depth'];
  }
  return blocks;
}

function itemBlocks(item: FeedItem, number: number): RootContent[] {
  const blocks: RootContent[] = [heading(2, item.title ?? `Item ${String(number)}`)];
  const facts: PhrasingContent[] = [];
  const addFact = (label: string, value: PhrasingContent): void => {
    if (facts.length > 0) facts.push({ type: 'break' });
    facts.push({ type: 'text', value: `${label}: ` }, value);
  };
  if (item.date !== undefined) addFact('Date', { type: 'text', value: item.date });
  if (item.author !== undefined) addFact('Author', { type: 'text', value: item.author });
  if (item.link !== undefined) {
    addFact('Link', { type: 'link', url: item.link, children: [{ type: 'text', value: item.link }] });
  }
  if (facts.length > 0) blocks.push({ type: 'paragraph', children: facts } satisfies Paragraph);
  if (item.html !== undefined) blocks.push(...demoteHeadings(htmlToMdast(item.html)));
  else if (item.text !== undefined) {
    for (const part of item.text.split(/\n\s*\n/)) {
      if (part.trim() !== '')
        blocks.push({ type: 'paragraph', children: [{ type: 'text', value: part.trim() }] });
    }
  }
  return blocks;
}

function feedBlocks(feed: Feed): RootContent[] {
  const head: RootContent[] = [];
  if (feed.title !== undefined) head.push(heading(1, feed.title));
  if (feed.description !== undefined) head.push(...demoteHeadings(htmlToMdast(feed.description)));
  const children = stampProvenance(head, { path: 'feed' });
  for (const [index, item] of feed.items.entries()) {
    children.push(...stampProvenance(itemBlocks(item, index + 1), { path: `item ${String(index + 1)}` }));
  }
  return children;
}

/**
 * An RSS 2.0, RSS 1.0 (RDF) or Atom feed (parsed with parseXml, no DTD ever read): the feed's title
 * and description, then each item as a `##` heading with its date, author and link, and its
 * content (HTML converted to markdown by hast-util-to-mdast). Provenance `path`: `feed` or `item N`.
 */
export const readFeed: FormatReader = async (file) => {
  const feed = parseFeed(decodeFeed(readFileSync(file.path)));
  const children = feedBlocks(feed);
  if (feed.items.length === 0 && children.length === 0) {
    throw new TransmuteError('empty_content', 'The feed has no title and no items.');
  }
  return {
    root: { type: 'root', children },
    metadata: {
      ...(feed.title !== undefined ? { title: feed.title } : {}),
      ...(feed.link !== undefined ? { sourceUrl: feed.link } : {}),
      ...(feed.language !== undefined ? { language: toPrimaryLanguage(feed.language) } : {}),
      facts: { feed: feed.dialect, items: feed.items.length },
    },
  };
};
