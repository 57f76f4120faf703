import { lookup } from 'node:dns/promises';

/** One resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a host name to every address it has. Injectable so tests can simulate DNS answers
 * (including answers that change between two lookups).
 */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The default resolver: the system's `getaddrinfo` (`dns.lookup` with `all: true`). */
export const systemResolver: HostResolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};
