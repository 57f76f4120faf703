import { SafeFetchError, type SafeFetchErrorCode } from '../safe-fetch-error.js';

const CODE_MAP: Readonly<Record<string, SafeFetchErrorCode>> = {
  ECONNREFUSED: 'connection_refused',
  EHOSTUNREACH: 'connection_refused',
  ENETUNREACH: 'connection_refused',
  EADDRNOTAVAIL: 'connection_refused',
  ECONNRESET: 'connection_reset',
  EPIPE: 'connection_reset',
  ECONNABORTED: 'connection_reset',
  UND_ERR_SOCKET: 'connection_reset',
  UND_ERR_CLOSED: 'connection_reset',
  UND_ERR_RESPONSE_STATUS_CODE: 'connection_reset',
  HPE_INVALID_CONSTANT: 'connection_reset',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  ENOTFOUND: 'dns_resolution_failed',
  EAI_AGAIN: 'dns_resolution_failed',
  EPROTO: 'tls_error',
};

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_OSSL_)/;

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

/** Maps a low-level network error (undici, node:net, node:tls) to a SafeFetchError. */
export function toNetworkError(error: unknown, host: string): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  for (const code of codesOf(error)) {
    const mapped = CODE_MAP[code] ?? (TLS_CODE.test(code) ? 'tls_error' : undefined);
    if (mapped !== undefined) {
      return new SafeFetchError(mapped, `Request to ${host} failed: ${code}.`, { cause: error });
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SafeFetchError('connection_reset', `Request to ${host} failed: ${message}`, { cause: error });
}
