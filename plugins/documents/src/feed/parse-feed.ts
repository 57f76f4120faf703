import { TransmuteError } from '@transmute/plugin-sdk';
import { dropExternalDoctype } from '../internal/drop-external-doctype.js';
import { elements, localName, parseXml, textOf, type XmlElement } from '../internal/parse-xml.js';
import { serializeXml } from '../internal/serialize-xml.js';
import type { Feed, FeedItem } from './feed-shape.js';

const text = (element: XmlElement | undefined): string | undefined => {
  const value = element === undefined ? undefined : textOf(element).trim();
  return value === '' ? undefined : value;
};

/** The first child with the first of these qualified names that is present (names in preference order). */
const child = (parent: XmlElement, ...names: string[]): XmlElement | undefined => {
  const children = elements(parent);
  for (const name of names) {
    const found = children.find((element) => element.name === name);
    if (found !== undefined) return found;
  }
  return undefined;
};

function rssItem(item: XmlElement): FeedItem {
  const author = text(child(item, 'dc:creator', 'author'));
  return {
    title: text(child(item, 'title')),
    date: text(child(item, 'pubDate', 'dc:date')),
    link: text(child(item, 'link')) ?? item.attributes['rdf:about'],
    author,
    html: text(child(item, 'content:encoded', 'description')),
    text: undefined,
  };
}

function readRss(root: XmlElement): Feed {
  const channel = child(root, 'channel');
  if (channel === undefined) throw new TransmuteError('corrupt_file', 'The RSS feed has no channel.');
  return {
    dialect: 'RSS 2.0',
    title: text(child(channel, 'title')),
    link: text(child(channel, 'link')),
    description: text(child(channel, 'description')),
    language: text(child(channel, 'language', 'dc:language')),
    items: elements(channel, 'item').map(rssItem),
  };
}

/** RSS 1.0: the channel and its items are siblings under `rdf:RDF`. */
function readRdf(root: XmlElement): Feed {
  const channel = child(root, 'channel');
  return {
    dialect: 'RSS 1.0',
    title: channel === undefined ? undefined : text(child(channel, 'title')),
    link: channel === undefined ? undefined : text(child(channel, 'link')),
    description: channel === undefined ? undefined : text(child(channel, 'description')),
    language: channel === undefined ? undefined : text(child(channel, 'dc:language')),
    items: elements(root, 'item').map(rssItem),
  };
}

/** An Atom text construct (`type` text, html or xhtml) as HTML or as text. */
function atomContent(element: XmlElement | undefined): {
  html?: string | undefined;
  text?: string | undefined;
} {
  if (element === undefined) return {};
  const type = element.attributes.type ?? 'text';
  if (type === 'xhtml') return { html: serializeXml(element.children) };
  if (type === 'html' || type === 'text/html') return { html: text(element) };
  return { text: text(element) };
}

function readAtom(root: XmlElement): Feed {
  const prefix = root.name.includes(':') ? root.name.slice(0, root.name.indexOf(':') + 1) : '';
  const atom = (parent: XmlElement, name: string): XmlElement | undefined => child(parent, prefix + name);
  const linkOf = (parent: XmlElement): string | undefined => {
    const links = elements(parent, `${prefix}link`);
    const alternate = links.find((link) => (link.attributes.rel ?? 'alternate') === 'alternate') ?? links[0];
    return alternate?.attributes.href;
  };
  const titleOf = (parent: XmlElement): string | undefined => {
    const title = atomContent(atom(parent, 'title'));
    // An html title is reduced to its text; titles are headings.
    return title.text ?? title.html?.replace(/<[^>]*>/g, '').trim();
  };
  const items = elements(root, `${prefix}entry`).map((entry): FeedItem => {
    const body = atomContent(atom(entry, 'content') ?? atom(entry, 'summary'));
    const author = atom(entry, 'author');
    return {
      title: titleOf(entry),
      date: text(atom(entry, 'published') ?? atom(entry, 'updated')),
      link: linkOf(entry),
      author: author === undefined ? undefined : text(atom(author, 'name')),
      html: body.html,
      text: body.text,
    };
  });
  const subtitle = atomContent(atom(root, 'subtitle'));
  return {
    dialect: 'Atom',
    title: titleOf(root),
    link: linkOf(root),
    description: subtitle.text ?? subtitle.html,
    language: root.attributes['xml:lang'],
    items,
  };
}

/** Reads an RSS 2.0 (and 0.9x), RSS 1.0 (RDF) or Atom 1.0 feed, told apart by its root element. */
export function parseFeed(xml: string): Feed {
  const root = parseXml(dropExternalDoctype(xml), 'feed');
  switch (localName(root.name)) {
    case 'rss':
      return readRss(root);
    case 'RDF':
      return readRdf(root);
    case 'feed':
      return readAtom(root);
    default:
      throw new TransmuteError(
        'unsupported_content',
        `The XML file is not an RSS or Atom feed (its root element is <${root.name}>).`,
      );
  }
}
