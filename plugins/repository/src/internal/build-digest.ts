import type { Code, Heading, List, Paragraph, Root, RootContent } from 'mdast';
import { codeLanguageOf, type Provenance } from '@transmute/plugin-sdk';
import type { ArchiveEntry } from './archive-types.js';
import {
  classifyContent,
  classifyPath,
  isDocumentPath,
  isSourceCode,
  isWebPagePath,
  type SummaryReason,
} from './classify.js';
import { toIgnoreTest } from './gitignore.js';

/** Options of {@link buildDigest}. */
export interface DigestOptions {
  name: string;
  fileId?: string;
  /** Stop inlining files once this many characters are inlined. */
  maximumDigestCharacters: number;
  /** A text file larger than this is listed, not inlined (documents are read up to a larger bound). */
  maximumInlineBytes: number;
}

/** What the digest is made of, counted for the metadata. */
export interface DigestStats {
  files: number;
  inlined: number;
  summarized: number;
  ignored: number;
  links: number;
  /** Documents and web pages left to be converted as child documents. */
  converted: number;
}

/** A file of the archive to convert as a child document, with its path in the digest. */
export interface DigestDocument {
  path: string;
  content: Buffer;
}

interface Summary {
  path: string;
  size: number;
  reason: SummaryReason;
}

/** Strips one folder that holds everything (GitHub archives wrap the tree in `name-main/`). */
function commonRoot(entries: ArchiveEntry[]): string {
  const first = entries.find((entry) => entry.kind !== 'directory')?.path.split('/')[0];
  if (first === undefined) return '';
  return entries.every((entry) => entry.path === first || entry.path.startsWith(`${first}/`)) &&
    entries.some((entry) => entry.path.startsWith(`${first}/`))
    ? `${first}/`
    : '';
}

function text(value: string): Paragraph {
  return { type: 'paragraph', children: [{ type: 'text', value }] };
}

function toTree(paths: string[]): string {
  const lines: string[] = [];
  let previous: string[] = [];
  for (const path of [...paths].sort()) {
    const parts = path.split('/');
    let shared = 0;
    while (shared < parts.length - 1 && parts[shared] === previous[shared]) shared += 1;
    for (let depth = shared; depth < parts.length; depth += 1) {
      const suffix = depth < parts.length - 1 ? '/' : '';
      lines.push(`${'  '.repeat(depth)}${parts[depth] ?? ''}${suffix}`);
    }
    previous = parts;
  }
  return lines.join('\n');
}

function isReadme(path: string): boolean {
  return /^readme(\.[a-z0-9]+)?$/i.test(path);
}

/**
 * The files of an archive that are converted as child documents: documents another source reads
 * (office files, PDF, e-books, mail) in any archive, and web pages in an archive without source
 * code (a folder of documents, not a site's or an app's sources).
 */
function toConvertedTest(files: ArchiveEntry[]): (entry: ArchiveEntry) => entry is DigestEntry {
  const withoutCode = !files.some((entry) => isSourceCode(entry.path));
  return (entry): entry is DigestEntry =>
    entry.kind === 'file' &&
    entry.content !== undefined &&
    (isDocumentPath(entry.path) || (withoutCode && isWebPagePath(entry.path)));
}

type DigestEntry = ArchiveEntry & { content: Buffer };

/**
 * Builds the markdown digest of a repository: the file tree, the README first, then every text
 * file in a fenced block with its language; binary, vendored, generated and lock files (and files
 * past the size limits) are listed with their size and reason instead of inlined. Documents
 * ({@link toConvertedTest}) are listed as converted and returned, for the engine to read as child
 * documents after the digest.
 */
export function buildDigest(
  entries: ArchiveEntry[],
  options: DigestOptions,
): { root: Root; stats: DigestStats; documents: DigestDocument[] } {
  const root = commonRoot(entries);
  const files = entries
    .filter((entry) => entry.kind === 'file' || entry.kind === 'link')
    .map((entry) => ({ ...entry, path: entry.path.slice(root.length) }))
    .filter((entry) => entry.path !== '');
  const gitignores = files
    .filter((entry) => /(^|\/)\.gitignore$/.test(entry.path) && entry.content !== undefined)
    .map((entry) => ({ path: entry.path, text: entry.content?.toString('utf8') ?? '' }));
  const ignored = toIgnoreTest(gitignores);
  const kept = files.filter((entry) => !ignored(entry.path));
  const ordered = [...kept].sort(
    (a, b) => Number(isReadme(b.path)) - Number(isReadme(a.path)) || a.path.localeCompare(b.path),
  );
  const provenance = (path?: string): Provenance => {
    const result: Provenance = {};
    if (options.fileId !== undefined) result.fileId = options.fileId;
    if (path !== undefined) result.path = path;
    return result;
  };
  const children: RootContent[] = [
    {
      type: 'heading',
      depth: 1,
      children: [{ type: 'text', value: options.name }],
      data: { provenance: provenance() },
    },
    {
      type: 'heading',
      depth: 2,
      children: [{ type: 'text', value: 'File tree' }],
      data: { provenance: provenance() },
    },
    {
      type: 'code',
      lang: 'text',
      value: toTree(kept.map((entry) => entry.path)),
      data: { provenance: provenance() },
    },
  ];
  const summaries: Summary[] = [];
  let budget = options.maximumDigestCharacters;
  const fileNodes: RootContent[] = [];
  const isConverted = toConvertedTest(kept);
  const documents: DigestEntry[] = [];
  for (const entry of ordered) {
    const reason =
      entry.kind === 'link' ? 'link' : isReadme(entry.path) ? undefined : classifyPath(entry.path);
    // A document is converted unless it is vendored or generated (a package's bundled PDFs).
    if ((reason === undefined || reason === 'binary') && isConverted(entry)) {
      documents.push(entry);
      continue;
    }
    if (reason !== undefined) {
      summaries.push({ path: entry.path, size: entry.size, reason });
      continue;
    }
    if (entry.content === undefined || entry.size > options.maximumInlineBytes) {
      summaries.push({ path: entry.path, size: entry.size, reason: 'too large' });
      continue;
    }
    const decoded = classifyContent(entry.content);
    if ('reason' in decoded && !isReadme(entry.path)) {
      summaries.push({ path: entry.path, size: entry.size, reason: decoded.reason });
      continue;
    }
    const value = 'text' in decoded ? decoded.text : entry.content.toString('utf8');
    if (value.length > budget) {
      summaries.push({ path: entry.path, size: entry.size, reason: 'digest limit' });
      continue;
    }
    budget -= value.length;
    const data = { provenance: provenance(entry.path) };
    const heading: Heading = {
      type: 'heading',
      depth: 3,
      children: [{ type: 'inlineCode', value: entry.path }],
      data,
    };
    const code: Code = {
      type: 'code',
      lang: codeLanguageOf(entry.path) || null,
      value: value.replace(/\n$/, ''),
      data,
    };
    fileNodes.push(heading, code);
  }
  if (fileNodes.length > 0) {
    children.push(
      {
        type: 'heading',
        depth: 2,
        children: [{ type: 'text', value: 'Files' }],
        data: { provenance: provenance() },
      },
      ...fileNodes,
    );
  }
  if (documents.length > 0) children.push(...toDocumentNodes(documents, provenance));
  if (summaries.length > 0) children.push(...toSummaryNodes(summaries, provenance));
  const stats: DigestStats = {
    files: files.length,
    inlined: fileNodes.length / 2,
    summarized: summaries.length,
    ignored: files.length - kept.length,
    links: files.filter((entry) => entry.kind === 'link').length,
    converted: documents.length,
  };
  return {
    root: { type: 'root', children },
    stats,
    documents: documents.map(({ path, content }) => ({ path, content })),
  };
}

/** The list of documents converted after the digest, each with its size. */
function toDocumentNodes(documents: DigestEntry[], provenance: (path?: string) => Provenance): RootContent[] {
  return [
    {
      type: 'heading',
      depth: 2,
      children: [{ type: 'text', value: 'Documents' }],
      data: { provenance: provenance() },
    },
    toPathList(
      documents.map(({ path, size }) => ({ path, note: `${formatBytes(size)}, converted below` })),
      provenance,
    ),
  ];
}

/** A list of paths, each with a note in parentheses. */
function toPathList(
  items: { path: string; note: string }[],
  provenance: (path?: string) => Provenance,
): List {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: items.map(({ path, note }) => ({
      type: 'listItem',
      spread: false,
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'inlineCode', value: path },
            { type: 'text', value: ` (${note})` },
          ],
        },
      ],
      data: { provenance: provenance(path) },
    })),
    data: { provenance: provenance() },
  };
}

function toSummaryNodes(summaries: Summary[], provenance: (path?: string) => Provenance): RootContent[] {
  const list = toPathList(
    summaries.map(({ path, size, reason }) => ({ path, note: `${formatBytes(size)}, ${reason}` })),
    provenance,
  );
  return [
    {
      type: 'heading',
      depth: 2,
      children: [{ type: 'text', value: 'Files not inlined' }],
      data: { provenance: provenance() },
    },
    {
      ...text(
        'Binary, vendored, generated and lock files, and files past the size limits, are listed rather than inlined.',
      ),
      data: { provenance: provenance() },
    },
    list,
  ];
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
