import type { FormatReader } from '../internal/format-reader.js';
import { readFeed } from './read-feed.js';

/** RSS (2.0, 1.0/RDF) and Atom feeds, by media type; the reader tells the dialect from the root element. */
export const FEED_FORMATS: Record<string, FormatReader> = {
  'application/rss+xml': readFeed,
  'application/atom+xml': readFeed,
};
