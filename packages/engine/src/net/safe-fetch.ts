import type { Agent } from 'undici';
import {
  parseAllowedUrl,
  vetDestination,
  type UrlPolicyOptions,
  type VettedDestination,
} from './check-url-allowed.js';
import { createAgentPool } from './internal/agent-pool.js';
import { sendOnce, type HopResponse } from './internal/send-once.js';
import { inFetchSpan } from '../internal/plugin-span.js';
import { SafeFetchError } from './safe-fetch-error.js';

/** The outbound policy of a safe fetch. */
export interface SafeFetchPolicy extends UrlPolicyOptions {
  /** Redirects followed (each hop re-checked). 0 = never follow: a 3xx fails with `redirect_not_followed`. Default 5. */
  maxRedirects?: number;
  /** Largest response body in bytes; the connection is closed as soon as it is passed. Default 50 MiB. */
  maxBytes?: number;
  /**
   * What happens past `maxBytes`: `'error'` (default) fails with `response_too_large`; `'truncate'`
   * keeps the first `maxBytes` bytes and sets `truncated` (webhooks only keep a preview). Either
   * way the connection is closed at once.
   */
  onOversize?: 'error' | 'truncate';
  /** Overall deadline (all hops, headers and body) in milliseconds. Default 30 000. */
  timeoutMs?: number;
  /**
   * Keep connections open between requests of one {@link createSafeFetch} (webhooks). Pooled
   * connections are keyed by origin and vetted address, so pinning still holds. Default false.
   */
  reuseConnections?: boolean;
  /** TLS trust overrides (tests with a self-signed loopback server). */
  tls?: { ca?: string | Buffer; rejectUnauthorized?: boolean };
}

/** A request of a safe fetch. */
export interface SafeFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The caller's cancellation; its reason is rethrown as is. */
  signal?: AbortSignal;
}

/** A fully read (capped) response. */
export interface SafeFetchResponse {
  /** The final URL (after redirects). */
  url: string;
  status: number;
  /** Lower-case header names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: Buffer;
  /** Whether the body was cut at `maxBytes` (only with `onOversize: 'truncate'`). */
  truncated: boolean;
  /** The URLs redirected to, in order. */
  redirects: string[];
  /** The address the final connection used. */
  address: string;
}

/** A fetch function with its policy bound (see {@link createSafeFetch}). */
export type SafeFetch = ((url: string | URL, init?: SafeFetchInit) => Promise<SafeFetchResponse>) & {
  /** Closes pooled connections (a no-op without `reuseConnections`). */
  close(): Promise<void>;
};

type AgentFor = (destination: VettedDestination) => Agent | undefined;

const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const SENSITIVE_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

interface HopState {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

function nextHop(state: HopState, response: HopResponse): HopState {
  const location = response.headers.location ?? '';
  const url = new URL(location, state.url);
  const keepsBody = response.status === 307 || response.status === 308;
  const method = keepsBody || state.method === 'HEAD' ? state.method : 'GET';
  const headers = { ...state.headers };
  if (!keepsBody) {
    delete headers['content-type'];
    delete headers['content-length'];
  }
  if (url.origin !== state.url.origin) for (const name of SENSITIVE_HEADERS) delete headers[name];
  return { url, method, headers, body: keepsBody ? state.body : undefined };
}

function redirectError(response: HopResponse, maxRedirects: number): SafeFetchError {
  const location = response.headers.location ?? '';
  const options = { status: response.status, location };
  return maxRedirects === 0
    ? new SafeFetchError(
        'redirect_not_followed',
        `The response is a redirect (${response.status}), not followed.`,
        options,
      )
    : new SafeFetchError('too_many_redirects', `More than ${maxRedirects} redirects.`, options);
}

async function follow(
  state: HopState,
  policy: SafeFetchPolicy,
  signal: AbortSignal,
  agentFor: AgentFor,
): Promise<SafeFetchResponse> {
  const maxRedirects = policy.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const redirects: string[] = [];
  const isFollowable = (response: HopResponse): boolean =>
    REDIRECT_STATUSES.has(response.status) && (response.headers.location ?? '') !== '';
  for (;;) {
    const destination = await vetDestination(state.url, policy);
    const response = await sendOnce({
      destination,
      method: state.method,
      headers: state.headers,
      body: state.body,
      signal,
      maxBytes: policy.maxBytes ?? DEFAULT_MAX_BYTES,
      truncate: policy.onOversize === 'truncate',
      connectTimeoutMs: Math.min(policy.timeoutMs ?? DEFAULT_TIMEOUT_MS, 10_000),
      readBody: (status) => !REDIRECT_STATUSES.has(status),
      tls: policy.tls,
      agent: agentFor(destination),
    });
    if (!isFollowable(response)) {
      return { ...response, url: state.url.href, redirects, address: destination.address.address };
    }
    if (redirects.length >= maxRedirects) throw redirectError(response, maxRedirects);
    state = nextHop(state, response);
    redirects.push(state.url.href);
  }
}

/**
 * The one SSRF-safe outbound request of the project (URL sources, webhooks). http(s) only, no
 * credentials in URLs; the host is resolved once and the connection pinned to the checked address;
 * loopback, private, link-local (incl. cloud metadata), CGNAT, multicast, reserved and mapped/
 * translated IPv6 forms are refused unless `allowPrivateNetworks`; redirects are followed by hand,
 * each hop re-checked; the body is capped while streaming; one overall timeout.
 * Failures are {@link SafeFetchError}s with a stable `netCode`.
 *
 * @example
 * const res = await safeFetch('https://example.com/', { headers: { accept: 'text/html' } }, { maxBytes: 5e6 });
 * const html = res.body.toString('utf8');
 */
export function safeFetch(
  url: string | URL,
  init: SafeFetchInit = {},
  policy: SafeFetchPolicy = {},
): Promise<SafeFetchResponse> {
  return fetchWith(url, init, policy, () => undefined);
}

async function fetchWith(
  url: string | URL,
  init: SafeFetchInit,
  policy: SafeFetchPolicy,
  agentFor: AgentFor,
): Promise<SafeFetchResponse> {
  const timeoutMs = policy.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = init.signal === undefined ? timeout : AbortSignal.any([timeout, init.signal]);
  const state: HopState = {
    url: parseAllowedUrl(url),
    method: (init.method ?? 'GET').toUpperCase(),
    headers: Object.fromEntries(Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    body: init.body,
  };
  try {
    return await follow(state, policy, signal, agentFor);
  } catch (error) {
    if (init.signal?.aborted === true) throw init.signal.reason;
    if (timeout.aborted) {
      throw new SafeFetchError('timeout', `The request took longer than ${timeoutMs} ms.`, { cause: error });
    }
    throw error;
  }
}

/**
 * Binds a policy once and returns a {@link SafeFetch}.
 *
 * @example
 * const fetchWebhook = createSafeFetch({ maxRedirects: 0, timeoutMs: 15_000, maxBytes: 64 * 1024 });
 */
export function createSafeFetch(policy: SafeFetchPolicy = {}): SafeFetch {
  const bound = { ...policy };
  const connectTimeoutMs = Math.min(bound.timeoutMs ?? DEFAULT_TIMEOUT_MS, 10_000);
  const pool =
    bound.reuseConnections === true ? createAgentPool({ connectTimeoutMs, tls: bound.tls }) : undefined;
  const fetcher = (url: string | URL, init: SafeFetchInit = {}): Promise<SafeFetchResponse> =>
    inFetchSpan(init.method ?? 'GET', url, () =>
      fetchWith(url, init, bound, (destination) => pool?.get(destination)),
    );
  return Object.assign(fetcher, { close: () => pool?.close() ?? Promise.resolve() });
}
