import type { DocumentMetadata } from '@transmute/plugin-sdk';
import { descendants, textOf } from '../internal/parse-xml.js';
import type { XmlElement } from '../internal/parse-xml.js';
import { oneLine } from './slide-section.js';

/** Title and author from a core-properties part (`docProps/core.xml`) or ODF `meta.xml`. */
export function metadataOf(properties: XmlElement | undefined, mediaType: string): DocumentMetadata {
  const metadata: DocumentMetadata = { mediaType };
  if (properties === undefined) return metadata;
  const first = (...names: string[]): string => {
    for (const name of names) {
      const text = oneLine(descendants(properties, name).map(textOf).join(' '));
      if (text !== '') return text;
    }
    return '';
  };
  const title = first('dc:title');
  const author = first('dc:creator', 'meta:initial-creator');
  if (title !== '') metadata.title = title;
  if (author !== '') metadata.author = author;
  return metadata;
}
