import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RootContent } from 'mdast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SDK_VERSION,
  TransmuteError,
  definePlugin,
  type ExtractedAttachment,
  type SourceAdapter,
} from '@transmute/plugin-sdk';
import { createEngine, type EngineOptions, type PipelineProgress } from '../src/index.js';

const BOX = 'application/x-test-box';

/** A test box: a title, a paragraph and embedded files (text content), like a tiny e-mail. */
interface Box {
  title: string;
  body: string;
  files?: { name: string; mediaType: string; content: string; encoding?: 'base64' }[];
  /** Writes its attachment outside the run directory (a plugin bug the engine must not follow). */
  escape?: boolean;
}

/**
 * A real source adapter of the SDK that reads a box: its title as a level-1 heading, its body as
 * a paragraph (provenance path `body`), and its files written into the stage's workDir and
 * returned as `attachments`. Invalid JSON fails `corrupt_file`.
 */
const boxSource = definePlugin<SourceAdapter>({
  manifest: {
    id: 'test.box',
    kind: 'source_adapter',
    canonicalIdentifier: 'box.v1',
    useCase: 'A box of text with embedded files, for the attachment tests.',
    mediaTypes: [BOX],
    outputFormats: [],
    costUnit: 'extracted_characters',
    limits: {},
    qualityThreshold: 0,
    sdkVersion: SDK_VERSION,
  },
  health: () => Promise.resolve({ ok: true }),
  accepts: (probe) => probe.mediaType === BOX,
  extract: async (file, ctx) => {
    let box: Box;
    try {
      box = JSON.parse(await readFile(file.path, 'utf8')) as Box;
    } catch {
      throw new TransmuteError('corrupt_file', `${file.name} is not a box.`);
    }
    const dir = await mkdtemp(join(box.escape === true ? tmpdir() : ctx.workDir, 'box-'));
    const attachments: ExtractedAttachment[] = [];
    for (const [index, embedded] of (box.files ?? []).entries()) {
      const path = join(dir, `${String(index)}.bin`);
      await writeFile(path, Buffer.from(embedded.content, embedded.encoding ?? 'utf8'));
      attachments.push({
        name: embedded.name,
        path,
        sizeBytes: embedded.content.length,
        mediaType: embedded.mediaType,
        part: `files/${embedded.name}`,
      });
    }
    ctx.meter('extracted_characters', box.title.length + box.body.length);
    ctx.progress(100);
    return {
      root: {
        type: 'root',
        children: [
          { type: 'heading', depth: 1, children: [{ type: 'text', value: box.title }] },
          {
            type: 'paragraph',
            children: [{ type: 'text', value: box.body }],
            data: { provenance: { path: 'body' } },
          },
        ],
      },
      metadata: { title: box.title },
      ...(attachments.length > 0 ? { attachments } : {}),
    };
  },
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engine-attachments-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const boxFile = (name: string, box: Box): { name: string; mediaType: string; content: string } => ({
  name,
  mediaType: BOX,
  content: JSON.stringify(box),
});

async function prepareBox(box: Box, options: EngineOptions = {}) {
  const path = join(dir, `${String(Math.random()).slice(2)}.box`);
  const bytes = Buffer.from(JSON.stringify(box));
  await writeFile(path, bytes);
  const engine = createEngine({ ...options, plugins: [boxSource] });
  const progress: PipelineProgress[] = [];
  try {
    const result = await engine.prepare(
      {
        type: 'files',
        files: [{ fileId: 'file_parent', name: 'parent.box', mediaType: BOX, sizeBytes: bytes.length, path }],
      },
      { onProgress: (entry) => progress.push(entry) },
    );
    return { ...result, progress, inputBytes: bytes.length };
  } finally {
    await engine.close();
  }
}

const textOf = (node: RootContent): string =>
  'children' in node ? node.children.map(textOf).join('') : 'value' in node ? node.value : '';

/** Each top-level block as `<type>[depth] text @ path`. */
const outline = (children: readonly RootContent[]): string[] =>
  children.map(
    (node) =>
      `${node.type}${node.type === 'heading' ? String(node.depth) : ''} ${textOf(node).slice(0, 30)} @ ${node.data?.provenance?.path ?? '-'}`,
  );

describe('attachments are read as child documents of the same job', () => {
  it('nests each child after its parent under an Attachment heading, with shifted headings and prefixed paths', async () => {
    const inner: Box = {
      title: 'Inner note',
      body: 'Forwarded words.',
      files: [{ name: 'deep.csv', mediaType: 'text/csv', content: 'city,people\nLyon,5\n' }],
    };
    const { document, warnings, usage, progress, inputBytes } = await prepareBox({
      title: 'Parent',
      body: 'See the attachments.',
      files: [
        { name: 'table.csv', mediaType: 'text/csv', content: 'name,qty\nbolt,3\n' },
        boxFile('inner.box', inner),
      ],
    });
    expect(warnings).toEqual([]);
    expect(outline(document.root.children)).toEqual([
      'heading1 Parent @ -',
      'paragraph See the attachments. @ body',
      'heading2 Attachment: table.csv @ files/table.csv',
      'table nameqtybolt3 @ files/table.csv',
      'heading2 Attachment: inner.box @ files/inner.box',
      'heading3 Inner note @ files/inner.box',
      'paragraph Forwarded words. @ files/inner.box/body',
      'heading4 Attachment: deep.csv @ files/inner.box/files/deep.csv',
      'table citypeopleLyon5 @ files/inner.box/files/deep.csv',
    ]);
    for (const block of document.blocks ?? []) expect(block.provenance.fileId).toBe('file_parent');
    expect(document.text).toContain('Lyon');
    expect('attachments' in document).toBe(false);
    // Attachments are part of the uploaded file's bytes; the children's characters count.
    expect(usage.input_bytes).toBe(inputBytes);
    // The normalized text is metered whole (normalization), plus what each box adapter metered, children included.
    expect((usage.extracted_characters ?? 0) - document.text.length).toBe(
      'Parent'.length + 'See the attachments.'.length + 'Inner note'.length + 'Forwarded words.'.length,
    );
    const percents = progress.map((entry) => entry.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('keeps an unreadable type listed with attachment_not_converted and goes on past a failing child', async () => {
    const { document, warnings } = await prepareBox({
      title: 'Parent',
      body: 'Two problems and one good file.',
      files: [
        {
          name: 'blob.bin',
          mediaType: 'application/x-unknown-thing',
          content: 'AAECA/8=',
          encoding: 'base64',
        },
        { name: 'broken.box', mediaType: BOX, content: '{"title": ' },
        { name: 'good.csv', mediaType: 'text/csv', content: 'a,b\n1,2\n' },
      ],
    });
    expect(warnings).toEqual([
      'attachment_not_converted: blob.bin (application/x-unknown-thing)',
      'attachment_failed: broken.box: broken.box is not a box.',
    ]);
    expect(outline(document.root.children).filter((line) => line.startsWith('heading'))).toEqual([
      'heading1 Parent @ -',
      'heading2 Attachment: good.csv @ files/good.csv',
    ]);
  });

  it('sniffs an attachment declared application/octet-stream (then its name tells text apart) and checks a declared one', async () => {
    const { document, warnings } = await prepareBox({
      title: 'Parent',
      body: 'An inner box sent as octet-stream and a PDF that is text.',
      files: [
        {
          ...boxFile('inner.box', { title: 'Inner', body: 'Hello.' }),
          mediaType: 'application/octet-stream',
        },
        { name: 'fake.pdf', mediaType: 'application/pdf', content: 'just some words' },
        { name: 'sent.csv', mediaType: 'application/octet-stream', content: 'k,v\nx,1\n' },
      ],
    });
    // Text bytes declared as nothing: the name's extension says CSV, so it is a table.
    expect(outline(document.root.children).slice(-2)).toEqual([
      'heading2 Attachment: sent.csv @ files/sent.csv',
      'table kvx1 @ files/sent.csv',
    ]);
    // An octet-stream box sniffs as text: read by the text source, not refused.
    expect(outline(document.root.children)[2]).toBe('heading2 Attachment: inner.box @ files/inner.box');
    expect(warnings).toEqual([
      'attachment_failed: fake.pdf: The file was declared application/pdf but its content is text.',
    ]);
  });

  it('stops at the nesting depth and at the count per job, with warnings', async () => {
    const deep: Box = {
      title: 'Level 1',
      body: 'one',
      files: [
        boxFile('level2.box', {
          title: 'Level 2',
          body: 'two',
          files: [boxFile('level3.box', { title: 'Level 3', body: 'three' })],
        }),
      ],
    };
    const byDepth = await prepareBox(deep, { attachments: { maxDepth: 1 } });
    expect(byDepth.document.text).toContain('two');
    expect(byDepth.document.text).not.toContain('three');
    expect(byDepth.warnings).toEqual([
      'attachment_not_converted: level3.box (attachments nested more than 1 level deep are not read)',
    ]);

    const byCount = await prepareBox(
      {
        title: 'Many',
        body: 'three files',
        files: ['a', 'b', 'c'].map((name) => ({
          name: `${name}.csv`,
          mediaType: 'text/csv',
          content: `x\n${name}1\n`,
        })),
      },
      { attachments: { maxPerJob: 2 } },
    );
    expect(byCount.document.text).toContain('b1');
    expect(byCount.document.text).not.toContain('c1');
    expect(byCount.warnings).toEqual([
      "attachment_not_converted: c.csv (the job's limit of 2 attachments is reached)",
    ]);
  });

  it('refuses an attachment a plugin wrote outside the run directory', async () => {
    const { warnings } = await prepareBox({
      title: 'Parent',
      body: 'escape',
      escape: true,
      files: [{ name: 'x.csv', mediaType: 'text/csv', content: 'a\n1\n' }],
    });
    expect(warnings).toEqual(['attachment_failed: x.csv: the plugin wrote it outside the run directory']);
  });
});
