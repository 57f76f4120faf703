import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler, type FetchHandler } from '../src/index.js';
import { createFakeService } from './fake-service.js';

const ISSUER = 'https://issuer.test/';
const AUDIENCE = 'transmute';
const CLAIM = 'https://transmute.test/account';

describe('JWT access tokens with a local key set and a custom account claim', () => {
  let handler: FetchHandler;
  const looked: string[] = [];
  let sign: (claims: Record<string, unknown>) => Promise<string>;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
    const service = createFakeService();
    const getAccount = service.getAccount.bind(service);
    service.getAccount = (accountId) => {
      looked.push(accountId);
      return getAccount(accountId);
    };
    handler = createFetchHandler({
      service,
      auth: { jwt: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] }, accountClaim: CLAIM } },
    });
    sign = (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setExpirationTime('1m')
        .sign(privateKey);
  });

  const get = async (token: string): Promise<Response> =>
    handler(new Request('http://localhost/v1/jobs', { headers: { authorization: `Bearer ${token}` } }));

  it('takes the account from the configured claim', async () => {
    expect((await get(await sign({ [CLAIM]: 'acct_a' }))).status).toBe(200);
  });

  it('refuses a token without the claim, even with a sub', async () => {
    const response = await get(await sign({ sub: 'acct_a' }));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('invalid_token');
  });

  it('refuses an account the service does not know', async () => {
    expect((await get(await sign({ [CLAIM]: 'acct_zzz' }))).status).toBe(401);
  });

  it('refuses a claim holding NUL or a lone surrogate without looking it up', async () => {
    for (const bad of ['acct_\u0000a', 'acct_\ud800']) {
      looked.length = 0;
      const response = await get(await sign({ [CLAIM]: bad }));
      expect(response.status).toBe(401);
      expect(((await response.json()) as { code: string }).code).toBe('invalid_token');
      expect(looked).toEqual([]);
    }
  });
});
