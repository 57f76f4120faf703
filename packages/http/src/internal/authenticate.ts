import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import { TransmuteError, isStorableText } from '@transmute/contract';
import type { Account, TransmuteService } from '@transmute/service';

/** OAuth access tokens: JWTs checked against one issuer, audience and key set (CONTRACT §4). */
export interface JwtAuthOptions {
  issuer: string;
  audience: string | string[];
  /** Remote JWKS URL (fetched and cached by jose); or give `jwks`. */
  jwksUrl?: string;
  /** A local key set. */
  jwks?: JSONWebKeySet;
  /** Claim that holds the account id; default `sub`. */
  accountClaim?: string;
  /** Accepted algorithms; default: whatever the keys allow. */
  algorithms?: string[];
  /** Leeway for `exp`/`nbf`, in seconds; default 0. */
  clockToleranceSeconds?: number;
}

/** Authentication settings: API keys always work; JWTs when `jwt` is configured. */
export interface AuthOptions {
  jwt?: JwtAuthOptions;
}

/** Resolves the bearer credential of a request to its account. */
export type Authenticator = (authorization: string | null) => Promise<Account>;

const REALM = 'Bearer realm="transmute"';

function unauthenticated(): TransmuteError {
  return new TransmuteError(
    'unauthenticated',
    'Send an API key or access token as `Authorization: Bearer <credential>`.',
    {
      headers: { 'www-authenticate': REALM },
    },
  );
}

function invalidToken(detail = 'The credential is unknown, malformed, revoked or expired.'): TransmuteError {
  return new TransmuteError('invalid_token', detail, {
    headers: { 'www-authenticate': `${REALM}, error="invalid_token"` },
  });
}

function createJwtVerifier(options: JwtAuthOptions): (token: string) => Promise<string> {
  let keys: JWTVerifyGetKey;
  if (options.jwks !== undefined) keys = createLocalJWKSet(options.jwks);
  else if (options.jwksUrl !== undefined) keys = createRemoteJWKSet(new URL(options.jwksUrl));
  else throw new TypeError('auth.jwt needs either jwksUrl or jwks.');
  const claim = options.accountClaim ?? 'sub';
  return async (token) => {
    let payload: Record<string, unknown>;
    try {
      const verified = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        ...(options.algorithms === undefined ? {} : { algorithms: options.algorithms }),
        clockTolerance: options.clockToleranceSeconds ?? 0,
      });
      payload = verified.payload;
    } catch {
      throw invalidToken();
    }
    const accountId = payload[claim];
    if (typeof accountId !== 'string' || accountId === '')
      throw invalidToken(`The access token has no ${claim} claim.`);
    // A NUL or lone surrogate names no account and must not reach a store query (PostgreSQL text
    // cannot hold NUL): the issuer's mistake is a refused token, not a 500.
    if (!isStorableText(accountId))
      throw invalidToken(`The access token's ${claim} claim is not valid text.`);
    return accountId;
  };
}

/**
 * Creates the authenticator: `tmk_…` credentials go to `service.authenticateApiKey`, anything that
 * looks like a JWT is verified with jose and its account claim looked up with `service.getAccount`.
 * Ownership comes from here alone.
 */
export function createAuthenticator(service: TransmuteService, options: AuthOptions = {}): Authenticator {
  const verifyJwt = options.jwt === undefined ? null : createJwtVerifier(options.jwt);
  return async (authorization) => {
    if (authorization === null) throw unauthenticated();
    const match = /^\s*Bearer(?:\s+(.*))?$/i.exec(authorization);
    if (match === null) throw unauthenticated();
    const credential = (match[1] ?? '').trim();
    if (credential === '') throw invalidToken();
    let account: Account | null = null;
    if (credential.startsWith('tmk_')) {
      account = await service.authenticateApiKey(credential);
    } else if (verifyJwt !== null && credential.split('.').length === 3) {
      account = await service.getAccount(await verifyJwt(credential));
    }
    if (account === null) throw invalidToken();
    return account;
  };
}
