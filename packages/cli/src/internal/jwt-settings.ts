import { readFileSync } from 'node:fs';
import type { AuthOptions, JwtAuthOptions } from '@transmute/http';
import type { ServerSettings } from './settings.js';

/** The HTTP auth options from the settings: JWTs only when an issuer is configured. */
export function toAuthOptions(settings: ServerSettings): AuthOptions {
  if (settings.jwtIssuer === undefined) return {};
  if (settings.jwtAudience === undefined)
    throw new Error('TRANSMUTE_JWT_AUDIENCE is required with TRANSMUTE_JWT_ISSUER.');
  const audience = settings.jwtAudience
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const base = {
    issuer: settings.jwtIssuer,
    audience: audience.length === 1 ? (audience[0] ?? '') : audience,
    accountClaim: settings.jwtAccountClaim,
  };
  if (settings.jwtJwksFile !== undefined) {
    return {
      jwt: {
        ...base,
        jwks: JSON.parse(readFileSync(settings.jwtJwksFile, 'utf8')) as NonNullable<JwtAuthOptions['jwks']>,
      },
    };
  }
  if (settings.jwtJwksUrl !== undefined) return { jwt: { ...base, jwksUrl: settings.jwtJwksUrl } };
  throw new Error('Set TRANSMUTE_JWT_JWKS_URL or TRANSMUTE_JWT_JWKS_FILE with TRANSMUTE_JWT_ISSUER.');
}
