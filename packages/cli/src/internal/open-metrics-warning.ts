import { BlockList, isIP } from 'node:net';
import type { ServerSettings } from './settings.js';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether a listen address only this machine reaches (a loopback address or `localhost`). */
function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1');
  if (address.toLowerCase() === 'localhost') return true;
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The warning `serve` (and `worker` with an operator port) prints at start when `/metrics` needs
 * no token and listens on an interface other machines may reach; null when it is protected or
 * loopback only. Metrics name accounts' activity, queue sizes and internals: not for everyone.
 */
export function openMetricsWarning(settings: Pick<ServerSettings, 'host' | 'metricsToken'>): string | null {
  if (settings.metricsToken !== undefined || isLoopbackHost(settings.host)) return null;
  return `Warning: /metrics is open (TRANSMUTE_METRICS_TOKEN is not set) and listens on ${settings.host}, which is not a loopback interface: anyone who reaches this port can read it. Set TRANSMUTE_METRICS_TOKEN, or listen on 127.0.0.1 behind a proxy.`;
}
