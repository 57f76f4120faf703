import { isIP } from 'node:net';
import { getBlockedAddressReason } from './address-policy.js';
import { systemResolver, type HostResolver, type ResolvedAddress } from './resolver.js';
import { SafeFetchError } from './safe-fetch-error.js';

/** Options of {@link checkUrlAllowed} and of the destination checks of the safe fetch. */
export interface UrlPolicyOptions {
  /** Allow loopback/private/link-local destinations (operator opt-in, development, tests). */
  allowPrivateNetworks?: boolean;
  /**
   * Exact addresses allowed although they are private (an operator's allowlist for one internal
   * service). Every other private address stays refused, including after a redirect.
   */
  allowedAddresses?: readonly string[];
  /** DNS resolver; the system's by default. */
  resolver?: HostResolver;
}

/** Options of {@link checkUrlAllowed}. */
export interface UrlCheckOptions extends UrlPolicyOptions {
  /**
   * Refuse a host name that does not resolve now. Off by default: a name that does not resolve
   * cannot point at a refused address, and the fetch resolves and checks again anyway.
   */
  requireResolvable?: boolean;
}

/** Result of {@link checkUrlAllowed}. */
export type UrlCheckResult = { ok: true } | { ok: false; reason: string };

/** A destination that passed the policy: the parsed URL and the vetted address to connect to. */
export interface VettedDestination {
  url: URL;
  /** Host name without IPv6 brackets. */
  hostname: string;
  /** The checked address the connection must use. */
  address: ResolvedAddress;
}

function bareHost(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function blocked(detail: string): SafeFetchError {
  return new SafeFetchError('destination_blocked', detail);
}

/** Checks scheme and credentials of a URL and parses it; throws `destination_blocked`. */
export function parseAllowedUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch (cause) {
    throw new SafeFetchError('destination_blocked', 'The URL is not valid.', { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw blocked(`The scheme ${url.protocol} is not allowed; use http or https.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw blocked('URLs with credentials are not allowed.');
  }
  if (url.hostname === '') throw blocked('The URL has no host.');
  return url;
}

async function resolveHost(hostname: string, resolver: HostResolver): Promise<ResolvedAddress[]> {
  let answers: ResolvedAddress[];
  try {
    answers = await resolver(hostname);
  } catch (cause) {
    throw new SafeFetchError('dns_resolution_failed', `The host ${hostname} could not be resolved.`, {
      cause,
    });
  }
  if (answers.length === 0) {
    throw new SafeFetchError('dns_resolution_failed', `The host ${hostname} has no address.`);
  }
  return answers;
}

/**
 * Parses, resolves (once) and vets a destination. Every resolved address must be allowed: one bad
 * answer refuses the host, so a round-robin answer cannot smuggle in an internal address.
 * Throws a SafeFetchError (`destination_blocked`, `dns_resolution_failed`).
 */
export async function vetDestination(
  input: string | URL,
  options: UrlPolicyOptions = {},
): Promise<VettedDestination> {
  const url = parseAllowedUrl(input);
  const hostname = bareHost(url);
  const allowPrivate = options.allowPrivateNetworks === true;
  const lowered = hostname.toLowerCase().replace(/\.$/, '');
  if (!allowPrivate && (lowered === 'localhost' || lowered.endsWith('.localhost'))) {
    throw blocked(`The host ${hostname} is a loopback name.`);
  }
  const family = isIP(hostname);
  const answers =
    family === 0
      ? await resolveHost(hostname, options.resolver ?? systemResolver)
      : [{ address: hostname, family: family === 6 ? (6 as const) : (4 as const) }];
  if (!allowPrivate) {
    for (const answer of answers) {
      if (options.allowedAddresses?.includes(answer.address) === true) continue;
      const reason = getBlockedAddressReason(answer.address);
      if (reason !== null) {
        const via = family === 0 ? ` (${hostname} resolves to ${answer.address})` : '';
        throw blocked(`The destination address is not allowed: ${reason}${via}.`);
      }
    }
  }
  const [first] = answers;
  if (first === undefined)
    throw new SafeFetchError('dns_resolution_failed', `The host ${hostname} has no address.`);
  return { url, hostname, address: first };
}

/**
 * Validation-time check of an outbound URL (url sources, webhook endpoints): http(s) only, no
 * credentials, no loopback/private/link-local/reserved destination (IP literal or any address the
 * host resolves to) unless `allowPrivateNetworks`. The fetch checks again when it connects, so a
 * DNS answer that changes later is still refused.
 *
 * @example
 * const check = await checkUrlAllowed('http://169.254.169.254/latest', { allowPrivateNetworks: false });
 * if (!check.ok) throw fieldError('url', 'url_not_allowed', check.reason);
 */
export async function checkUrlAllowed(
  input: string | URL,
  options: UrlCheckOptions = {},
): Promise<UrlCheckResult> {
  try {
    await vetDestination(input, options);
    return { ok: true };
  } catch (error) {
    if (error instanceof SafeFetchError) {
      if (error.netCode === 'dns_resolution_failed' && options.requireResolvable !== true)
        return { ok: true };
      return { ok: false, reason: error.message };
    }
    throw error;
  }
}
