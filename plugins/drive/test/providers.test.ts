import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransmuteError } from '@transmute/contract';
import { createEngine } from '@transmute/engine';
import { definePlugin, SDK_VERSION, type SourceAdapter } from '@transmute/plugin-sdk';
import { createDriveConnector } from '../src/index.js';

// Loopback servers that behave like each provider; the engine reaches them through the operator's
// allowlist (127.0.0.1 only), as it would reach the real hosts. Other private addresses stay refused.
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const servers: Server[] = [];
async function serve(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterAll(() => Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))));

let signIn = '';
let files = '';
let docs = '';
let drive = '';
let driveDownload = '';
let dropbox = '';
let oneDriveApi = '';
let box = '';
const requests: string[] = [];

beforeAll(async () => {
  signIn = await serve((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<html><title>Sign in</title><input type="password"></html>');
  });
  // Where providers redirect a download to (their content hosts).
  files = await serve((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
    res
      .writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename="${name}"`,
      })
      .end(`# ${name}\n\nThe shared file ${name} arrived in one piece.\n`);
  });
  docs = await serve((req, res) => {
    requests.push(`docs ${req.url}`);
    if (req.url === '/document/d/PublicDoc/export?format=docx') {
      res
        .writeHead(200, {
          'content-type': DOCX,
          'content-disposition': `attachment; filename="Quarterly.docx"; filename*=UTF-8''Quarterly%20report.docx`,
        })
        .end(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(60, 1)]));
    } else res.writeHead(302, { location: `${signIn}/ServiceLogin?continue=x` }).end();
  });
  driveDownload = await serve((req, res) => {
    requests.push(`drive ${req.url}`);
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    if (query.get('id') !== 'BigFile') return void res.writeHead(403).end('Forbidden');
    if (query.get('confirm') === 't' && query.get('uuid') === 'u-1') {
      res
        .writeHead(200, {
          'content-type': 'text/plain',
          'content-disposition': 'attachment; filename="big.txt"',
        })
        .end('A file too large to scan, downloaded anyway.');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<html><body><p>Google Drive can&#39;t scan this file for viruses.</p>
      <form id="download-form" action="${driveDownload}/download" method="get">
      <input type="submit" value="Download anyway"/><input type="hidden" name="id" value="BigFile">
      <input type="hidden" name="export" value="download"><input type="hidden" name="confirm" value="t">
      <input type="hidden" name="uuid" value="u-1"></form></body></html>`,
    );
  });
  drive = await serve((_req, res) => res.writeHead(404).end());
  dropbox = await serve((req, res) => {
    requests.push(`dropbox ${req.url}`);
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.searchParams.get('dl') !== '1')
      return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>preview</html>');
    const to = url.searchParams.get('to');
    res.writeHead(302, { location: to ?? `${files}/notes.md` }).end();
  });
  oneDriveApi = await serve((req, res) => {
    requests.push(`onedrive ${req.url}`);
    const match = /^\/v1\.0\/shares\/u!([\w-]+)\/root\/content$/.exec(req.url ?? '');
    const link = match ? Buffer.from(match[1] ?? '', 'base64url').toString('utf8') : '';
    if (link.endsWith('s!public')) res.writeHead(302, { location: `${files}/table.md` }).end();
    else
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"code":"unauthenticated"}}');
  });
  box = await serve((req, res) => {
    requests.push(`box ${req.url}`);
    if (req.url === '/shared/static/boxfile') res.writeHead(302, { location: `${files}/box.md` }).end();
    else res.writeHead(302, { location: `${signIn}/login` }).end();
  });
});

// A reader of docx as any installed source adapter would be: routing of a resolved file to it is what is tested.
const docxReader: SourceAdapter = definePlugin<SourceAdapter>({
  manifest: {
    id: 'source.ocr',
    kind: 'source_adapter',
    canonicalIdentifier: 'docx_probe.v1',
    useCase: 'Reports the size of a docx file, for the connector tests.',
    mediaTypes: [DOCX],
    outputFormats: [],
    costUnit: 'files',
    limits: {},
    qualityThreshold: 0,
    sdkVersion: SDK_VERSION,
  },
  health: async () => ({ ok: true }),
  accepts: (probe) => probe.mediaType === DOCX,
  extract: async (file) => ({
    root: {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: `docx ${file.name} of ${(await readFile(file.path)).length} bytes` },
          ],
        },
      ],
    },
    metadata: { title: file.name },
  }),
});

function engineFor() {
  const connector = createDriveConnector({
    hosts: {
      googleDocs: [docs],
      googleDrive: [drive],
      googleDownload: driveDownload,
      dropbox: [dropbox],
      oneDrive: ['https://1drv.ms'],
      oneDriveApi,
      sharePoint: [],
      box: [box],
    },
  });
  return createEngine({ plugins: [connector, docxReader], allowedAddresses: ['127.0.0.1'] });
}
const codeOf = (error: unknown) => (isTransmuteError(error) ? error.code : String(error));

describe('connector.drive against loopback providers', () => {
  it('exports a Google Doc as docx and hands it to the docx reader', async () => {
    const engine = engineFor();
    const { document } = await engine.prepare({
      type: 'url',
      url: `${docs}/document/d/PublicDoc/edit?usp=sharing`,
    });
    expect(document.text).toBe('docx Quarterly_report.docx of 64 bytes');
    expect(requests).toContain('docs /document/d/PublicDoc/export?format=docx');
    await engine.close();
  });

  it('follows Drive’s virus-scan confirmation form to the file', async () => {
    const engine = engineFor();
    const { document } = await engine.prepare({
      type: 'url',
      url: `${drive}/file/d/BigFile/view?usp=sharing`,
    });
    expect(document.text).toContain('too large to scan, downloaded anyway');
    expect(requests).toContain('drive /download?id=BigFile&export=download&confirm=t&uuid=u-1');
    await engine.close();
  });

  it('downloads a Dropbox link with dl=1 through its redirect, named by Content-Disposition', async () => {
    const engine = engineFor();
    const { document } = await engine.prepare({ type: 'url', url: `${dropbox}/s/abc/notes.md?dl=0` });
    expect(document.text).toContain('The shared file notes.md arrived in one piece.');
    expect(requests).toContain('dropbox /s/abc/notes.md?dl=1');
    await engine.close();
  });

  it('resolves a OneDrive link through the shares API', async () => {
    const engine = engineFor();
    const { document } = await engine.prepare({ type: 'url', url: 'https://1drv.ms/u/s!public' });
    expect(document.text).toContain('The shared file table.md arrived');
    await engine.close();
  });

  it('downloads a Box shared link from /shared/static', async () => {
    const engine = engineFor();
    const { document } = await engine.prepare({ type: 'url', url: `${box}/s/boxfile` });
    expect(document.text).toContain('The shared file box.md arrived');
    await engine.close();
  });

  it.each([
    ['a private Google Doc (redirect to a sign-in page)', () => `${docs}/document/d/PrivateDoc/edit`],
    ['a private OneDrive link (401)', () => 'https://1drv.ms/u/s!private'],
    ['a private Drive file (403)', () => `${drive}/open?id=Secret`],
    ['a private Box link (sign-in redirect)', () => `${box}/s/secret`],
  ])('fails %s with source_blocked, saying the link is not public', async (_name, link) => {
    const engine = engineFor();
    const error = await engine.prepare({ type: 'url', url: link() }).catch((e: unknown) => e);
    expect(codeOf(error)).toBe('source_blocked');
    expect((error as Error).message).toMatch(/link is not public/);
    await engine.close();
  });

  it.each([
    ['a private network', 'http://10.0.0.1/file.md'],
    ['another loopback address', 'http://127.0.0.2:9/file.md'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
  ])('refuses a share link whose download redirects to %s', async (_name, target) => {
    const engine = engineFor();
    const url = `${dropbox}/s/abc/x.md?dl=0&to=${encodeURIComponent(target)}`;
    const error = await engine.prepare({ type: 'url', url }).catch((e: unknown) => e);
    expect(codeOf(error)).toBe('source_blocked');
    expect((error as Error).message).not.toMatch(/link is not public/);
    await engine.close();
  });

  it('is listed in the capabilities as a connector with cost unit files', async () => {
    const engine = engineFor();
    const entry = (await engine.capabilities()).plugins.find((plugin) => plugin.id === 'connector.drive');
    expect(entry).toMatchObject({
      kind: 'connector',
      status: 'general_availability',
      cost_unit: 'files',
      media_types: [],
      limits: { maximum_bytes: 104_857_600, maximum_redirects: 10, timeout_seconds: 60 },
    });
    await engine.close();
  });
});
