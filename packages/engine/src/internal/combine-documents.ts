import type { Nodes, RootContent } from 'mdast';
import type { DocumentMetadata, ExtractedDocument } from '@transmute/plugin-sdk';

/** One extracted file with what identifies it. */
export interface ExtractedPart {
  document: ExtractedDocument;
  name: string;
  fileId?: string;
}

function tagFileId(node: Nodes, fileId: string): void {
  if (node.type !== 'text')
    node.data = { ...node.data, provenance: { ...(node.data?.provenance ?? {}), fileId } };
  if ('children' in node) for (const child of node.children) tagFileId(child, fileId);
}

function shiftHeadings(nodes: RootContent[]): void {
  for (const node of nodes) {
    if (node.type === 'heading') node.depth = Math.min(6, node.depth + 1) as 1 | 2 | 3 | 4 | 5 | 6;
  }
}

function mergeMetadata(parts: readonly ExtractedPart[]): DocumentMetadata {
  const metadata: DocumentMetadata = {};
  const first = parts[0]?.document.metadata ?? {};
  const sum = (key: 'sizeBytes' | 'pageCount' | 'durationSeconds'): number | undefined => {
    const values = parts.map((part) => part.document.metadata[key]).filter((value) => value !== undefined);
    return values.length > 0 ? values.reduce((a, b) => a + b, 0) : undefined;
  };
  for (const key of ['sizeBytes', 'pageCount', 'durationSeconds'] as const) {
    const value = sum(key);
    if (value !== undefined) metadata[key] = value;
  }
  const types = new Set(parts.map((part) => part.document.metadata.mediaType));
  if (types.size === 1 && first.mediaType) metadata.mediaType = first.mediaType;
  if (first.language && parts.every((part) => part.document.metadata.language === first.language))
    metadata.language = first.language;
  metadata.title = parts.map((part) => part.document.metadata.title ?? part.name).join(', ');
  metadata.facts = { files: parts.length };
  return metadata;
}

/**
 * Concatenates the documents of several files into one: a level-1 heading per file (its title or
 * name) followed by its content with headings one level deeper; every node carries its fileId.
 * A single file is returned as is (with fileId provenance).
 */
export function combineDocuments(parts: readonly ExtractedPart[]): ExtractedDocument {
  for (const part of parts) {
    if (part.fileId) for (const node of part.document.root.children) tagFileId(node, part.fileId);
  }
  const [only] = parts;
  if (parts.length === 1 && only) return only.document;
  const children: RootContent[] = [];
  for (const part of parts) {
    const title = part.document.metadata.title ?? part.name;
    const heading: RootContent = { type: 'heading', depth: 1, children: [{ type: 'text', value: title }] };
    if (part.fileId) heading.data = { provenance: { fileId: part.fileId } };
    shiftHeadings(part.document.root.children);
    children.push(heading, ...part.document.root.children);
  }
  return { root: { type: 'root', children }, metadata: mergeMetadata(parts) };
}
