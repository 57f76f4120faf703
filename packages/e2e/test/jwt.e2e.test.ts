import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api.js';
import { startIssuer, type TestIssuer } from './support/jwks-server.js';
import { MOUNTS } from './support/mounts.js';
import { createStack, type Credentials, type Stack } from './support/stack.js';

describe.each(MOUNTS)('OAuth access tokens over %s', (mount) => {
  let issuer: TestIssuer;
  let stack: Stack;
  let account: Credentials;
  beforeAll(async () => {
    issuer = await startIssuer();
    stack = await createStack(mount, {
      handler: {
        auth: { jwt: { issuer: issuer.issuer, audience: issuer.audience, jwksUrl: issuer.jwksUrl } },
      },
    });
    account = await stack.newAccount('developer');
  }, 120_000);
  afterAll(async () => {
    await stack.close();
    await issuer.close();
  }, 120_000);

  const expectInvalid = async (token: string): Promise<void> => {
    const response = await call(stack.url, 'GET', '/v1/usage', { key: token });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('invalid_token');
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="transmute", error="invalid_token"');
  };

  it('accepts a valid token and takes the account from its sub claim', async () => {
    const token = await issuer.sign({ sub: account.accountId });
    const response = await call(stack.url, 'GET', '/v1/jobs', { key: token });
    expect(response.status).toBe(200);
    const viaKey = await call(stack.url, 'GET', '/v1/usage', { key: account.apiKey });
    const viaToken = await call(stack.url, 'GET', '/v1/usage', { key: token });
    expect(viaToken.body.plan).toBe(viaKey.body.plan);
  });

  it('refuses an expired token', async () => {
    await expectInvalid(
      await issuer.sign({ sub: account.accountId }, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
    );
  });

  it('refuses a token for another audience', async () => {
    await expectInvalid(
      await issuer.sign({ sub: account.accountId }, { audience: 'https://elsewhere.test' }),
    );
  });

  it('refuses a token from another issuer', async () => {
    await expectInvalid(await issuer.sign({ sub: account.accountId }, { issuer: 'https://evil.test/' }));
  });

  it('refuses a token signed by an unknown key or naming an unknown account', async () => {
    await expectInvalid(await issuer.sign({ sub: account.accountId }, { foreignKey: true }));
    await expectInvalid(await issuer.sign({ sub: 'acct_does_not_exist' }));
  });
});
