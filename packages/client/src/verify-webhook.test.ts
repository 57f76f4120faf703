import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from './verify-webhook.js';

/** The published Standard Webhooks test vector (also in the Svix libraries' tests). */
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: '1614265330',
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const AT_VECTOR = { now: Number(VECTOR.timestamp) * 1000 };

function vectorHeaders(signature = VECTOR.signature): Record<string, string> {
  return { 'webhook-id': VECTOR.id, 'webhook-timestamp': VECTOR.timestamp, 'webhook-signature': signature };
}

describe('verifyWebhook', () => {
  it('accepts the Standard Webhooks test vector and returns the parsed payload', () => {
    expect(verifyWebhook(VECTOR.payload, vectorHeaders(), VECTOR.secret, AT_VECTOR)).toEqual({
      test: 2432232314,
    });
  });

  it('accepts the raw body as bytes and a secret without the whsec_ prefix', () => {
    const bytes = new TextEncoder().encode(VECTOR.payload);
    expect(verifyWebhook(bytes, vectorHeaders(), VECTOR.secret.slice(6), AT_VECTOR)).toEqual({
      test: 2432232314,
    });
  });

  it('accepts any of several space-separated signatures', () => {
    const header = `v1,bm9wZQ== v2,abc ${VECTOR.signature}`;
    expect(verifyWebhook(VECTOR.payload, vectorHeaders(header), VECTOR.secret, AT_VECTOR)).toEqual({
      test: 2432232314,
    });
  });

  it('accepts fetch Headers and node:http style headers', () => {
    const headers = new Headers(vectorHeaders());
    expect(verifyWebhook(VECTOR.payload, headers, VECTOR.secret, AT_VECTOR)).toEqual({ test: 2432232314 });
    const node = {
      'Webhook-Id': VECTOR.id,
      'webhook-timestamp': VECTOR.timestamp,
      'webhook-signature': [VECTOR.signature],
    };
    expect(verifyWebhook(VECTOR.payload, node, VECTOR.secret, AT_VECTOR)).toEqual({ test: 2432232314 });
  });

  it('accepts either secret during a rotation', () => {
    const other = 'whsec_' + Buffer.alloc(24, 7).toString('base64');
    expect(verifyWebhook(VECTOR.payload, vectorHeaders(), [other, VECTOR.secret], AT_VECTOR)).toEqual({
      test: 2432232314,
    });
  });

  it.each([
    ['a tampered body', '{"test": 2432232315}', vectorHeaders(), VECTOR.secret],
    ['another secret', VECTOR.payload, vectorHeaders(), 'whsec_' + Buffer.alloc(24, 1).toString('base64')],
    ['another message id', VECTOR.payload, { ...vectorHeaders(), 'webhook-id': 'msg_other' }, VECTOR.secret],
    [
      'a signature of another version',
      VECTOR.payload,
      vectorHeaders(VECTOR.signature.replace('v1,', 'v2,')),
      VECTOR.secret,
    ],
    ['a truncated signature', VECTOR.payload, vectorHeaders(VECTOR.signature.slice(0, 20)), VECTOR.secret],
    [
      'no signature header',
      VECTOR.payload,
      { 'webhook-id': VECTOR.id, 'webhook-timestamp': VECTOR.timestamp },
      VECTOR.secret,
    ],
    [
      'a non-numeric timestamp',
      VECTOR.payload,
      { ...vectorHeaders(), 'webhook-timestamp': '16142653x' },
      VECTOR.secret,
    ],
  ])('rejects %s', (_name, payload, headers, secret) => {
    expect(() => verifyWebhook(payload, headers, secret, AT_VECTOR)).toThrow(WebhookVerificationError);
  });

  it('rejects timestamps more than five minutes away', () => {
    const at = (seconds: number): { now: number } => ({ now: (Number(VECTOR.timestamp) + seconds) * 1000 });
    expect(verifyWebhook(VECTOR.payload, vectorHeaders(), VECTOR.secret, at(300))).toEqual({
      test: 2432232314,
    });
    expect(verifyWebhook(VECTOR.payload, vectorHeaders(), VECTOR.secret, at(-300))).toEqual({
      test: 2432232314,
    });
    expect(() => verifyWebhook(VECTOR.payload, vectorHeaders(), VECTOR.secret, at(301))).toThrow(/too old/);
    expect(() => verifyWebhook(VECTOR.payload, vectorHeaders(), VECTOR.secret, at(-301))).toThrow(/too new/);
  });

  it('verifies signatures made by the standardwebhooks library, and rejects what it rejects', () => {
    const secret = 'whsec_' + Buffer.from('a 24-byte signing secret').toString('base64');
    const library = new Webhook(secret);
    const payload = JSON.stringify({
      id: 'evt_0123456789ab',
      type: 'job.succeeded',
      data: { object: { é: '✓' } },
    });
    const now = new Date();
    const signature = library.sign('evt_0123456789ab', now, payload);
    const headers = {
      'webhook-id': 'evt_0123456789ab',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    };
    expect(verifyWebhook(payload, headers, secret)).toEqual(JSON.parse(payload));
    expect(library.verify(payload, headers)).toEqual(verifyWebhook(payload, headers, secret));
    const tampered = payload.replace('succeeded', 'failed');
    expect(() => library.verify(tampered, headers)).toThrow();
    expect(() => verifyWebhook(tampered, headers, secret)).toThrow(WebhookVerificationError);
  });

  it('agrees with the standardwebhooks library on the test vector', () => {
    const library = new Webhook(VECTOR.secret);
    expect(library.sign(VECTOR.id, new Date(AT_VECTOR.now), VECTOR.payload)).toBe(VECTOR.signature);
  });
});
