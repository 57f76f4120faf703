import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/** An OAuth issuer stand-in on loopback: serves its JWKS and signs tokens. */
export interface TestIssuer {
  issuer: string;
  audience: string;
  jwksUrl: string;
  sign(
    claims: JWTPayload,
    options?: { expiresIn?: string | number; issuer?: string; audience?: string; foreignKey?: boolean },
  ): Promise<string>;
  close(): Promise<void>;
}

/** Starts the issuer with a fresh RS256 key pair (and a second key it does not publish). */
export async function startIssuer(): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = createServer((req, res) => {
    if (req.url === '/.well-known/jwks.json')
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${base}/`;
  const audience = 'https://api.transmute.test';
  return {
    issuer,
    audience,
    jwksUrl: `${base}/.well-known/jwks.json`,
    async sign(claims, options = {}) {
      const key: CryptoKey = options.foreignKey === true ? foreign.privateKey : privateKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuedAt()
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? audience)
        .setExpirationTime(options.expiresIn ?? '5m')
        .sign(key);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
