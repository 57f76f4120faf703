import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import CFB from 'cfb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '@transmute/engine';
import { isTransmuteError, type FileInspection, type SourceAdapter } from '@transmute/plugin-sdk';
import { createTestContext } from '@transmute/plugin-sdk/testing';
import { createDocumentsSource } from '../src/index.js';
import { harvestDoc, harvestXls, hivesPpt } from './legacy-fixtures.js';
import { toMarkdown, writeTemp } from './support/read-document.js';

const DOC = 'application/msword';
const XLS = 'application/vnd.ms-excel';
const PPT = 'application/vnd.ms-powerpoint';
const SLOW = 90_000;

// A temporary directory of this file's own (its process's, vitest gives it one), set before the
// plugin starts any worker: other test files converting legacy Office files at the same time leave
// their soffice directories and processes elsewhere, so "nothing left behind" is about this file's.
const OWN_TMP = mkdtempSync(join(tmpdir(), 'legacy-office-test-'));
process.env['TMPDIR'] = OWN_TMP;

const plugin = createDocumentsSource();
afterAll(async () => {
  await plugin.close?.();
  rmSync(OWN_TMP, { recursive: true, force: true });
});

let fixtures: { doc: Buffer; xls: Buffer; ppt: Buffer };
beforeAll(async () => {
  fixtures = { doc: await harvestDoc(), xls: await harvestXls(), ppt: await hivesPpt() };
}, SLOW);

async function extract(
  source: SourceAdapter,
  name: string,
  mediaType: string,
  bytes: Buffer,
  limits: Record<string, number> = {},
): Promise<{ markdown: string; warnings: string[] }> {
  const path = await writeTemp(name, bytes);
  const ctx = createTestContext({ limits: { ...source.manifest.limits, ...limits } });
  const document = await source.extract({ name, mediaType, sizeBytes: bytes.length, path }, ctx);
  return { markdown: toMarkdown(document.root), warnings: ctx.warnings };
}

async function inspect(name: string, mediaType: string, bytes: Buffer): Promise<FileInspection | undefined> {
  const path = await writeTemp(name, bytes);
  return plugin.inspect?.({ name, mediaType, sizeBytes: bytes.length, path }, new AbortController().signal);
}

async function failureOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isTransmuteError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a failure');
}

/** Temporary conversion directories and soffice processes of this file's conversions, to prove none is left. */
async function leftovers(): Promise<{ directories: string[]; processes: string[] }> {
  const directories = (await readdir(OWN_TMP)).filter((name) => name.startsWith('transmute-soffice-'));
  const processes: string[] = [];
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (commandLine.includes(join(OWN_TMP, 'transmute-soffice-')))
      processes.push(commandLine.replaceAll('\0', ' '));
  }
  return { directories, processes };
}

const DOC_MARKDOWN = [
  '# Harvest log',
  '',
  'The hives gave **40 kg** of honey.',
  '',
  '## Hives',
  '',
  '| Hive  | Weight |',
  '| ----- | ------ |',
  '| North | 40     |',
  '| South | 25     |',
  '',
  'Weighed in October.',
  '',
].join('\n');

describe('legacy Office formats through LibreOffice', () => {
  it(
    'reads a .doc as its docx: headings, bold, the table and the closing paragraph in order',
    async () => {
      const { markdown, warnings } = await extract(plugin, 'harvest.doc', DOC, fixtures.doc);
      expect(markdown).toBe(DOC_MARKDOWN);
      expect(warnings).toEqual([
        expect.stringMatching(
          /^converted_from_legacy_format: harvest\.doc \(Word 97–2003 \.doc\) was converted to \.docx/,
        ),
      ]);
    },
    SLOW,
  );

  it(
    'reads an .xls sheet by sheet, each used range a table of its values',
    async () => {
      const { markdown } = await extract(plugin, 'harvest.xls', XLS, fixtures.xls);
      expect(markdown).toBe(
        [
          '## Harvest',
          '',
          '| Hive  | Kilograms |',
          '| ----- | --------- |',
          '| North | 40        |',
          '| South | 25        |',
          '',
          '## Notes',
          '',
          '| Checked in May |',
          '| -------------- |',
          '',
        ].join('\n'),
      );
    },
    SLOW,
  );

  it(
    'reads a .ppt slide by slide with each slide’s title',
    async () => {
      const { markdown } = await extract(plugin, 'hives.ppt', PPT, fixtures.ppt);
      expect(markdown).toBe(
        [
          '## Spring inspection',
          '',
          'Every queen was seen.',
          '',
          '## Autumn harvest',
          '',
          'Forty kilograms in all.',
          '',
        ].join('\n'),
      );
      expect(markdown).not.toMatch(/<\/?[a-z]+:/);
    },
    SLOW,
  );

  it(
    'converts files at once, each soffice with its own profile, leaving no directory or process behind',
    async () => {
      const before = await leftovers();
      const [first, second] = await Promise.all([
        extract(plugin, 'one.doc', DOC, fixtures.doc),
        extract(plugin, 'two.doc', DOC, fixtures.doc),
      ]);
      expect([first.markdown, second.markdown]).toEqual([DOC_MARKDOWN, DOC_MARKDOWN]);
      expect(await leftovers()).toEqual(before);
    },
    SLOW,
  );

  it(
    'kills soffice past convert_timeout_seconds (limit_exceeded) and cleans up',
    async () => {
      const before = await leftovers();
      const failure = await failureOf(
        extract(plugin, 'slow.doc', DOC, fixtures.doc, { convert_timeout_seconds: 0.05 }),
      );
      expect(failure).toMatchObject({ code: 'limit_exceeded' });
      expect(failure.message).toContain('convert_timeout_seconds');
      expect(await leftovers()).toEqual(before);
    },
    SLOW,
  );

  it(
    'kills soffice when the job is canceled (job_canceled) and cleans up',
    async () => {
      const before = await leftovers();
      const controller = new AbortController();
      const path = await writeTemp('cancel.doc', fixtures.doc);
      const ctx = createTestContext({ limits: { ...plugin.manifest.limits }, signal: controller.signal });
      const extraction = plugin.extract(
        { name: 'cancel.doc', mediaType: DOC, sizeBytes: fixtures.doc.length, path },
        ctx,
      );
      setTimeout(() => controller.abort(), 200);
      expect(await failureOf(extraction)).toMatchObject({ code: 'job_canceled' });
      expect(await leftovers()).toEqual(before);
    },
    SLOW,
  );

  it(
    'refuses a converted document past maximum_converted_bytes',
    async () => {
      const failure = await failureOf(
        extract(plugin, 'big.doc', DOC, fixtures.doc, { maximum_converted_bytes: 100 }),
      );
      expect(failure).toMatchObject({ code: 'limit_exceeded' });
      expect(failure.message).toContain('maximum_converted_bytes');
    },
    SLOW,
  );

  it(
    'is corrupt_file when LibreOffice produces nothing (a Word file sent as .xls)',
    async () => {
      const failure = await failureOf(extract(plugin, 'harvest.xls', XLS, fixtures.doc));
      expect(failure).toMatchObject({ code: 'corrupt_file' });
      expect(failure.message).toMatch(/^LibreOffice could not read this Excel 97–2003 \.xls file \(.+\)\.$/);
    },
    SLOW,
  );
});

/** The fixture with one stream rewritten, as a password-protecting writer would have marked it. */
function withStream(bytes: Buffer, name: string, rewrite: (stream: Buffer) => Buffer): Buffer {
  const container = CFB.read(bytes, { type: 'buffer' });
  const entry = CFB.find(container, name);
  if (entry === null) throw new Error(`no ${name} stream`);
  const content = rewrite(Buffer.from(entry.content));
  entry.content = content;
  entry.size = content.length;
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

describe('password-protected legacy files', () => {
  it('a .doc whose FIB sets fEncrypted is encrypted_document at validation, before soffice runs', async () => {
    const encrypted = withStream(fixtures.doc, 'WordDocument', (stream) => {
      stream.writeUInt16LE(stream.readUInt16LE(0x0a) | 0x0100, 0x0a);
      return stream;
    });
    expect(await inspect('secret.doc', DOC, encrypted)).toMatchObject({
      ok: false,
      code: 'encrypted_document',
    });
    expect(await failureOf(extract(plugin, 'secret.doc', DOC, encrypted))).toMatchObject({
      code: 'encrypted_document',
    });
  });

  it('an .xls whose workbook globals hold FILEPASS is encrypted_document', async () => {
    const encrypted = withStream(fixtures.xls, 'Workbook', (stream) => {
      const bofLength = 4 + stream.readUInt16LE(2);
      const filePass = Buffer.from([0x2f, 0x00, 0x06, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00]);
      return Buffer.concat([stream.subarray(0, bofLength), filePass, stream.subarray(bofLength)]);
    });
    expect(await inspect('secret.xls', XLS, encrypted)).toMatchObject({
      ok: false,
      code: 'encrypted_document',
    });
  });

  it('a .ppt with an EncryptedSummary stream is encrypted_document', async () => {
    const container = CFB.read(fixtures.ppt, { type: 'buffer' });
    CFB.utils.cfb_add(container, '/EncryptedSummary', Buffer.alloc(64));
    const encrypted = Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
    expect(await inspect('secret.ppt', PPT, encrypted)).toMatchObject({
      ok: false,
      code: 'encrypted_document',
    });
  });

  it('the unmodified fixtures pass validation', async () => {
    for (const [name, mediaType, bytes] of [
      ['a.doc', DOC, fixtures.doc],
      ['a.xls', XLS, fixtures.xls],
      ['a.ppt', PPT, fixtures.ppt],
    ] as const) {
      expect(await inspect(name, mediaType, bytes)).toMatchObject({ ok: true });
    }
  });
});

describe('without LibreOffice', () => {
  const missing = createDocumentsSource({ soffice: '/nonexistent/libreoffice/soffice' });
  const withSoffice = createEngine({ plugins: [plugin] });
  const without = createEngine({ plugins: [missing] });
  afterAll(async () => {
    await Promise.all([withSoffice.close(), without.close()]);
  });

  it('does not advertise .doc, .xls and .ppt (manifest and capabilities), but still the rest', async () => {
    expect(plugin.manifest.mediaTypes).toEqual(expect.arrayContaining([DOC, XLS, PPT]));
    expect((await withSoffice.capabilities()).fileMediaTypes).toEqual(
      expect.arrayContaining([DOC, XLS, PPT]),
    );
    for (const types of [missing.manifest.mediaTypes, (await without.capabilities()).fileMediaTypes]) {
      expect(types).not.toContain(DOC);
      expect(types).not.toContain(XLS);
      expect(types).not.toContain(PPT);
      expect(types).toContain('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    }
  });

  it('fails a .doc at validation with unsupported_content naming what fixes it', async () => {
    const path = await writeTemp('harvest.doc', fixtures.doc);
    const inspection = await without.inspectFile({
      name: 'harvest.doc',
      mediaType: DOC,
      sizeBytes: fixtures.doc.length,
      path,
    });
    expect(inspection).toMatchObject({ ok: false, code: 'unsupported_content' });
    expect(!inspection.ok && inspection.detail).toBe(
      'Word 97–2003 .doc needs LibreOffice (soffice) installed on the server; convert harvest.doc to .docx and upload that instead.',
    );
    expect(await failureOf(extract(missing, 'harvest.xls', XLS, fixtures.xls))).toMatchObject({
      code: 'unsupported_content',
      message: expect.stringContaining('Excel 97–2003 .xls needs LibreOffice (soffice)'),
    });
  });
});
