/**
 * The Python client's `verify_webhook` against signatures made by the TypeScript side: the
 * service's signer (`signWebhook`, what every delivery carries), checked by the TypeScript
 * `verifyWebhook` too, so the two verifiers agree on every vector.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { verifyWebhook } from '@transmute/client';
import { signWebhook } from '@transmute/service';
import { describe, expect, it } from 'vitest';
import { ROOT } from './blackbox/support/service.js';

interface Vector {
  name: string;
  body: string;
  headers: Record<string, string>;
  secret: string | string[];
  now: number;
}

const VERIFY_IN_PYTHON = `
import json, sys
from transmute import WebhookVerificationError, verify_webhook
answers = []
for vector in json.load(sys.stdin):
    try:
        verify_webhook(vector["body"].encode("utf-8"), vector["headers"], vector["secret"], now=vector["now"])
        answers.append("verified")
    except WebhookVerificationError:
        answers.append("refused")
print(json.dumps(answers))
`;

const secretOf = (): string => `whsec_${randomBytes(24).toString('base64')}`;

function verifyInPython(vectors: readonly Vector[]): string[] {
  const out = execFileSync('python3', ['-c', VERIFY_IN_PYTHON], {
    cwd: join(ROOT, 'packages/client-python'),
    input: JSON.stringify(vectors),
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[];
}

function verifyInTypeScript(vector: Vector): string {
  try {
    verifyWebhook(vector.body, vector.headers, vector.secret, { now: vector.now * 1000 });
    return 'verified';
  } catch {
    return 'refused';
  }
}

function vectors(): Vector[] {
  const current = secretOf();
  const previous = secretOf();
  const timestamp = 1_790_000_000;
  const body = JSON.stringify({ id: 'evt_0123456789ab', type: 'job.succeeded', note: 'Zoë 𝄞 — ok' });
  const signed = (secrets: string[]): Record<string, string> => ({
    'webhook-id': 'evt_0123456789ab',
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook({ id: 'evt_0123456789ab', timestamp, body, secrets }),
  });
  const one = signed([current]);
  const rotated = signed([current, previous]);
  return [
    { name: 'the signing secret', body, headers: one, secret: current, now: timestamp },
    { name: 'a rotation, new secret', body, headers: rotated, secret: current, now: timestamp + 30 },
    { name: 'a rotation, old secret', body, headers: rotated, secret: previous, now: timestamp - 30 },
    { name: 'either of two secrets', body, headers: one, secret: [previous, current], now: timestamp },
    { name: 'another secret', body, headers: one, secret: previous, now: timestamp },
    { name: 'a changed body', body: body.replace('ok', 'ko'), headers: one, secret: current, now: timestamp },
    { name: 'another id', body, headers: { ...one, 'webhook-id': 'evt_x' }, secret: current, now: timestamp },
    { name: 'a stale timestamp', body, headers: one, secret: current, now: timestamp + 301 },
    { name: 'a future timestamp', body, headers: one, secret: current, now: timestamp - 301 },
  ];
}

describe('Python verify_webhook on signatures of the TypeScript signer', () => {
  it('verifies and refuses exactly what the TypeScript verifyWebhook does', () => {
    const cases = vectors();
    const expected = cases.map((vector) => `${vector.name}: ${verifyInTypeScript(vector)}`);
    const python = verifyInPython(cases).map((answer, index) => `${cases[index]?.name ?? ''}: ${answer}`);
    expect(python).toEqual(expected);
    // The vectors cover both answers: four authentic deliveries, five refusals.
    expect(expected.filter((line) => line.endsWith('verified'))).toHaveLength(4);
  });
});
