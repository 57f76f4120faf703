import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { createRequire } from 'node:module';
import type * as Undici from 'undici';
import type { Agent } from 'undici';
import type { ResolvedAddress } from '../resolver.js';
import { SafeFetchError } from '../safe-fetch-error.js';
import type { VettedDestination } from '../check-url-allowed.js';
import { toNetworkError } from './error-mapping.js';

const requireHere = createRequire(import.meta.url);
let undici: typeof Undici | undefined;

/** undici, required on the first request: a process that converts only local files never loads it. */
function loadUndici(): typeof Undici {
  undici ??= requireHere('undici') as typeof Undici;
  return undici;
}

/** One hop's request. */
export interface HopRequest {
  destination: VettedDestination;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  signal: AbortSignal;
  maxBytes: number;
  /** Past `maxBytes`, keep the first bytes instead of failing. */
  truncate: boolean;
  connectTimeoutMs: number;
  /** Read the body (false for a redirect we are about to follow or refuse). */
  readBody: (status: number) => boolean;
  tls: { ca?: string | Buffer; rejectUnauthorized?: boolean } | undefined;
  /** A pooled agent pinned to `destination.address` (connection reuse); a fresh one when absent. */
  agent?: Agent | undefined;
}

/**
 * An undici Agent whose every connection goes to `address` (no DNS at connect time); the URL's
 * host name is kept for `Host` and TLS SNI/certificate checks.
 */
export function createPinnedAgent(
  address: ResolvedAddress,
  hop: Pick<HopRequest, 'connectTimeoutMs' | 'tls'>,
  options: { keepAlive: boolean },
): Agent {
  return new (loadUndici().Agent)({
    connect: {
      lookup: pinnedLookup(address),
      timeout: hop.connectTimeoutMs,
      ...(hop.tls?.ca === undefined ? {} : { ca: hop.tls.ca }),
      ...(hop.tls?.rejectUnauthorized === undefined
        ? {}
        : { rejectUnauthorized: hop.tls.rejectUnauthorized }),
    },
    connections: options.keepAlive ? 4 : 1,
    pipelining: options.keepAlive ? 1 : 0,
    keepAliveTimeout: 4_000,
  });
}

/** One hop's response, its body fully read (or empty when not read). */
export interface HopResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
}

/** A `lookup` that never resolves: it answers with the address vetted beforehand (DNS pinning). */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname: string, options: LookupOptions, callback) => {
    if (options.all === true) {
      const all: LookupAddress[] = [{ address: pinned.address, family: pinned.family }];
      callback(null, all);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  hop: HopRequest,
): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    if (total + chunk.length > hop.maxBytes) {
      // Stop reading and close the connection now: the server sees it closed early.
      body.destroy();
      if (!hop.truncate) {
        const host = hop.destination.hostname;
        throw new SafeFetchError(
          'response_too_large',
          `The response from ${host} exceeds ${hop.maxBytes} bytes.`,
        );
      }
      chunks.push(chunk.subarray(0, hop.maxBytes - total));
      return { body: Buffer.concat(chunks, hop.maxBytes), truncated: true };
    }
    total += chunk.length;
    chunks.push(chunk);
  }
  return { body: Buffer.concat(chunks, total), truncated: false };
}

/**
 * Sends one request over a fresh connection pinned to the vetted address (the URL's host name is
 * kept for `Host` and TLS SNI/certificate checks), reads at most `maxBytes` of the body, and always
 * destroys the connection afterwards so an oversized or aborted body closes the socket at once.
 */
export async function sendOnce(hop: HopRequest): Promise<HopResponse> {
  const { destination } = hop;
  const agent = hop.agent ?? createPinnedAgent(destination.address, hop, { keepAlive: false });
  try {
    const res = await loadUndici().request(destination.url, {
      dispatcher: agent,
      method: hop.method as 'GET',
      headers: hop.headers,
      body: hop.body ?? null,
      signal: hop.signal,
    });
    // Destroying the body early emits an abort error; it is expected, not a crash.
    res.body.on('error', () => undefined);
    const headers = flattenHeaders(res.headers);
    if (!hop.readBody(res.statusCode)) {
      res.body.destroy();
      return { status: res.statusCode, headers, body: Buffer.alloc(0), truncated: false };
    }
    const declared = Number(headers['content-length']);
    if (!hop.truncate && Number.isFinite(declared) && declared > hop.maxBytes) {
      res.body.destroy();
      throw new SafeFetchError(
        'response_too_large',
        `The response from ${destination.hostname} declares ${declared} bytes, more than ${hop.maxBytes}.`,
      );
    }
    const read = await readCapped(res.body, hop);
    return { status: res.statusCode, headers, ...read };
  } catch (error) {
    if (hop.signal.aborted) throw error;
    throw toNetworkError(error, destination.hostname);
  } finally {
    // A pooled agent keeps its (fully read) connection; an own agent goes with its socket.
    if (hop.agent === undefined) await agent.destroy().catch(() => undefined);
  }
}
