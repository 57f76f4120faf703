import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitForJob, type Harness } from '../../service/test/support/harness.js';
import { createFetchHandler, type FetchHandler } from '../src/index.js';

// Signed cursors and upload/artifact tokens through the real service and handler: a token with
// anything appended, or spelled differently for the same bytes, is not that token (CONTRACT §6,
// §7, §9: 400 invalid_cursor for a cursor, 404 for a signed URL).

let harness: Harness;
let handler: FetchHandler;
let apiKey: string;

beforeAll(async () => {
  harness = await startHarness();
  apiKey = (await harness.service.admin.createApiKey(harness.caller.accountId)).apiKey;
  handler = createFetchHandler({ service: harness.service, logger: { error: () => undefined } });
});

afterAll(async () => {
  await harness.close();
});

/** The path (and query) of an absolute URL the service signed, on this handler. */
const local = (url: string): string => `http://localhost${new URL(url).pathname}${new URL(url).search}`;

/** The token with its last character swapped for one that differs only in bits base64url drops. */
function sameBytesOtherSpelling(token: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(token.at(-1) ?? '');
  return token.slice(0, -1) + (alphabet[last ^ 1] ?? '');
}

/** Every tampered form of a token that Node's lenient base64url decoding would accept. */
function tampered(token: string): string[] {
  const forms = [`${token}~~`, `${token}=`, `${token}==`, `${token}!`, sameBytesOtherSpelling(token)];
  // The signature's 32 bytes leave unused bits in its last character, so the swap keeps the bytes.
  const signature = token.split('.')[1] ?? '';
  expect(Buffer.from(sameBytesOtherSpelling(signature), 'base64url')).toEqual(
    Buffer.from(signature, 'base64url'),
  );
  return forms;
}

function call(url: string, init: RequestInit = {}): Promise<Response> {
  return handler(
    new Request(url, { ...init, headers: { authorization: `Bearer ${apiKey}`, ...init.headers } }),
  );
}

describe('tampered signed values', () => {
  it('refuses a list cursor with junk appended or respelled: 400 invalid_cursor', async () => {
    for (let n = 0; n < 2; n += 1) {
      await harness.service.createJob(harness.caller, {
        source: { type: 'text', content: `Text ${String(n)}.` },
        output: { profile: 'raw_source' },
      });
    }
    const first = (await (await call('http://localhost/v1/jobs?limit=1')).json()) as {
      page: { next_cursor: string };
    };
    const cursor = first.page.next_cursor;
    expect((await call(`http://localhost/v1/jobs?limit=1&cursor=${cursor}`)).status).toBe(200);
    for (const form of tampered(cursor)) {
      const response = await call(`http://localhost/v1/jobs?limit=1&cursor=${encodeURIComponent(form)}`);
      expect([form, response.status, ((await response.json()) as { code: string }).code]).toEqual([
        form,
        400,
        'invalid_cursor',
      ]);
    }
  });

  it('refuses an upload URL with junk appended or respelled: 404', async () => {
    const bytes = Buffer.from('uploaded text\n');
    const intent = await harness.service.createUploadIntent(harness.caller, {
      name: 'a.txt',
      media_type: 'text/plain',
      size_bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const token = intent.upload_url.split('/uploads/')[1] ?? '';
    const put = (form: string): Promise<Response> =>
      call(local(`${intent.upload_url.split('/uploads/')[0] ?? ''}/uploads/${form}`), {
        method: 'PUT',
        headers: { 'content-type': 'text/plain' },
        body: bytes,
      });
    for (const form of tampered(token)) expect([form, (await put(form)).status]).toEqual([form, 404]);
    expect((await put(token)).status).toBeLessThan(300);
  });

  it('refuses an artifact download URL with junk appended or respelled: 404', async () => {
    const job = await harness.service.createJob(harness.caller, {
      source: { type: 'text', content: '# Title\n\nSome text.' },
      output: { profile: 'raw_source' },
    });
    await waitForJob(harness, job.id, ['succeeded']);
    const output = await harness.service.getOutput(harness.caller, job.output_ids[0] ?? '');
    const url = output.manifest?.files[0]?.download_url ?? '';
    const [base, token = ''] = url.split('/artifacts/');
    for (const form of tampered(token)) {
      expect([form, (await call(local(`${base ?? ''}/artifacts/${form}`))).status]).toEqual([form, 404]);
    }
    expect((await call(local(url))).status).toBe(200);
  });
});
