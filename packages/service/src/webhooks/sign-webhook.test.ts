import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, signWebhookOnce, toWebhookHeaders } from './sign-webhook.js';

// The published Standard Webhooks test vector (the spec's reference libraries all check it).
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('signWebhook', () => {
  it('reproduces the Standard Webhooks test vector', () => {
    expect(signWebhookOnce(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
    const sign = new Webhook(VECTOR.secret).sign(VECTOR.id, new Date(VECTOR.timestamp * 1000), VECTOR.body);
    expect(sign).toBe(VECTOR.signature);
  });

  it('space-separates one signature per secret, current first', () => {
    const other = 'whsec_' + Buffer.alloc(24, 1).toString('base64');
    const header = signWebhook({ ...VECTOR, secrets: [other, VECTOR.secret] });
    const [first, second] = header.split(' ');
    expect(second).toBe(VECTOR.signature);
    const raw = createHmac('sha256', Buffer.alloc(24, 1)).update(
      `${VECTOR.id}.${VECTOR.timestamp}.${VECTOR.body}`,
    );
    expect(first).toBe(`v1,${raw.digest('base64')}`);
  });

  it('builds headers a standardwebhooks receiver verifies', () => {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = toWebhookHeaders({ id: 'evt_1', timestamp, body: '{"a":1}', secrets: [VECTOR.secret] });
    expect(new Webhook(VECTOR.secret).verify('{"a":1}', headers)).toEqual({ a: 1 });
    expect(headers['webhook-id']).toBe('evt_1');
    expect(() => new Webhook(VECTOR.secret).verify('{"a":2}', headers)).toThrow();
  });
});
