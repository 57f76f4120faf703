import type { Code, Heading, List, Paragraph, Root, RootContent } from 'mdast';
import type { Provenance } from '@transmute/plugin-sdk';
import type { ArchiveEntry } from './archive-types.js';
import { classifyContent, classifyPath, toLanguage, type SummaryReason } from './classify.js';
import { toIgnoreTest } from './gitignore.js';

/** Options of {@link buildDigest}. */
export interface DigestOptions {
  name: string;
  fileId?: string;
  /** Stop inlining files once this many characters are inlined. */
  maximumDigestCharacters: number;
}

/** What the digest is made of, counted for the metadata. */
export interface DigestStats {
  files: number;
  inlined: number;
  summarized: number;
  ignored: number;
  links: number;
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
 * Builds the markdown digest of a repository: the file tree, the README first, then every text
 * file in a fenced block with its language; binary, vendored, generated and lock files (and files
 * past the size limits) are listed with their size and reason instead of inlined.
 */
export function buildDigest(
  entries: ArchiveEntry[],
  options: DigestOptions,
): { root: Root; stats: DigestStats } {
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
  for (const entry of ordered) {
    const reason =
      entry.kind === 'link' ? 'link' : isReadme(entry.path) ? undefined : classifyPath(entry.path);
    if (reason !== undefined) {
      summaries.push({ path: entry.path, size: entry.size, reason });
      continue;
    }
    if (entry.content === undefined) {
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
      lang: toLanguage(entry.path) || null,
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
  if (summaries.length > 0) children.push(...toSummaryNodes(summaries, provenance));
  const stats: DigestStats = {
    files: files.length,
    inlined: fileNodes.length / 2,
    summarized: summaries.length,
    ignored: files.length - kept.length,
    links: files.filter((entry) => entry.kind === 'link').length,
  };
  return { root: { type: 'root', children }, stats };
}

function toSummaryNodes(summaries: Summary[], provenance: (path?: string) => Provenance): RootContent[] {
  const list: List = {
    type: 'list',
    ordered: false,
    spread: false,
    children: summaries.map((summary) => ({
      type: 'listItem',
      spread: false,
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'inlineCode', value: summary.path },
            { type: 'text', value: ` (${formatBytes(summary.size)}, ${summary.reason})` },
          ],
        },
      ],
      data: { provenance: provenance(summary.path) },
    })),
    data: { provenance: provenance() },
  };
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
