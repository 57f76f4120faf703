import { describe, expect, it } from 'vitest';
import type { ArchiveEntry } from './archive-types.js';
import { buildDigest } from './build-digest.js';

const file = (path: string, text = 'x'): ArchiveEntry => ({
  path,
  kind: 'file',
  size: text.length,
  content: Buffer.from(text),
});
const options = { name: 'bundle', maximumDigestCharacters: 1_000_000, maximumInlineBytes: 1_048_576 };

describe('buildDigest', () => {
  it('returns documents and, in an archive without source code, web pages to convert, listed as such', () => {
    const { root, stats, documents } = buildDigest(
      [file('report.docx'), file('page.html', '<p>Hi</p>'), file('notes.md', '# Notes')],
      options,
    );
    expect(documents.map((document) => document.path).sort()).toEqual(['page.html', 'report.docx']);
    expect(stats).toMatchObject({ inlined: 1, converted: 2, summarized: 0 });
    expect(JSON.stringify(root)).toContain('converted below');
  });

  it('inlines a web page among source code, and lists vendored documents instead of converting them', () => {
    const { documents, stats } = buildDigest(
      [file('index.html', '<p>Hi</p>'), file('app.js', 'run()'), file('node_modules/x/guide.pdf')],
      options,
    );
    expect(documents).toEqual([]);
    expect(stats).toMatchObject({ inlined: 2, summarized: 1, converted: 0 });
  });
});
