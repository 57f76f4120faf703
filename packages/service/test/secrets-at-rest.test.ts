import { afterEach, describe, expect, it } from 'vitest';
import type { Caller, Service } from '../src/index.js';
import { decryptSecret } from '../src/kernel/secrets.js';
import { startHarness, type Harness } from './support/harness.js';

const MASTER_KEY = 'master-key-for-tests';
const ENDPOINT = { url: 'http://127.0.0.1:9/hook', events: ['job.succeeded' as const] };
const INTENT = { name: 'a.txt', media_type: 'text/plain', size_bytes: 5, sha256: 'a'.repeat(64) };

let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A create through the idempotency layer, as the HTTP adapter runs it. */
function once<T>(service: Service, caller: Caller, key: string, create: () => Promise<T>) {
  return service.runIdempotent(caller, { key, fingerprint: `fp-${key}` }, create);
}

async function storedAnswers(harness: Harness): Promise<string[]> {
  const rows = await harness.store.db.selectFrom('idempotency_keys').select('response_body').execute();
  return rows.map((row) => row.response_body ?? '');
}

describe('secrets at rest', () => {
  it('keeps no webhook secret or signed upload URL readable in the idempotency rows, and replays them as first answered', async () => {
    h = await startHarness({ masterKey: MASTER_KEY, allowPrivateNetworks: true, workerConcurrency: 0 });
    const harness = h;
    const endpoint = () => harness.service.createWebhookEndpoint(harness.caller, ENDPOINT);
    const intent = () => harness.service.createUploadIntent(harness.caller, INTENT);
    const created = await once(h.service, h.caller, 'endpoint', endpoint);
    const uploading = await once(h.service, h.caller, 'intent', intent);
    const token = uploading.value.upload_url.split('/uploads/')[1] ?? '';
    expect(token.length).toBeGreaterThan(20);

    const stored = (await storedAnswers(h)).join('\n');
    expect(stored).not.toContain(created.value.secret);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain('whsec_');
    expect(stored).not.toContain('/uploads/');

    await expect(once(h.service, h.caller, 'endpoint', endpoint)).resolves.toEqual({
      value: created.value,
      replayed: true,
    });
    await expect(once(h.service, h.caller, 'intent', intent)).resolves.toEqual({
      value: uploading.value,
      replayed: true,
    });
  });

  it('encrypts at start what a run without a master key stored in clear, and still replays it', async () => {
    const before = await startHarness({ allowPrivateNetworks: true, workerConcurrency: 0 });
    const caller = before.caller;
    const created = await once(before.service, caller, 'endpoint', () =>
      before.service.createWebhookEndpoint(caller, ENDPOINT),
    );
    const rotated = await before.service.rotateWebhookEndpointSecret(caller, created.value.id);
    const clear = await before.store.db
      .selectFrom('webhook_endpoints')
      .select(['secret_ciphertext', 'previous_secret_ciphertext'])
      .executeTakeFirstOrThrow();
    expect(clear).toEqual({
      secret_ciphertext: rotated.secret,
      previous_secret_ciphertext: created.value.secret,
    });
    expect((await storedAnswers(before)).join('\n')).toContain(created.value.secret);
    await before.close(true);

    h = await startHarness(
      { masterKey: MASTER_KEY, allowPrivateNetworks: true, workerConcurrency: 0 },
      { dir: before.dir },
    );
    const sealed = await h.store.db
      .selectFrom('webhook_endpoints')
      .select(['secret_ciphertext', 'previous_secret_ciphertext'])
      .executeTakeFirstOrThrow();
    expect(decryptSecret(sealed.secret_ciphertext, MASTER_KEY)).toBe(rotated.secret);
    expect(decryptSecret(sealed.previous_secret_ciphertext ?? '', MASTER_KEY)).toBe(created.value.secret);
    expect(sealed.secret_ciphertext).not.toBe(rotated.secret);
    expect(sealed.previous_secret_ciphertext).not.toBe(created.value.secret);
    const answers = (await storedAnswers(h)).join('\n');
    expect(answers).not.toContain(created.value.secret);
    expect(answers).not.toContain('whsec_');
    const harness = h;
    await expect(
      once(h.service, caller, 'endpoint', () => harness.service.createWebhookEndpoint(caller, ENDPOINT)),
    ).resolves.toEqual({ value: created.value, replayed: true });
  });
});
