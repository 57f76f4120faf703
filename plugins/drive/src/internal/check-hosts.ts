import type { DriveHosts } from './hosts.js';

const LIST_KEYS = ['googleDocs', 'googleDrive', 'dropbox', 'oneDrive', 'sharePoint', 'box'] as const;
const SINGLE_KEYS = ['googleDownload', 'oneDriveApi'] as const;

/** An origin as {@link DriveHosts} holds it: `http(s)://host[:port]`, or `https://*.domain` for subdomains. */
function isOrigin(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const concrete = value.replace('://*.', '://');
  if (!URL.canParse(concrete)) return false;
  const url = new URL(concrete);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === concrete;
}

/**
 * Checks provider hosts given as settings (a partial {@link DriveHosts}, e.g. parsed from
 * `TRANSMUTE_DRIVE_HOSTS`): unknown keys and values that are not origins are refused with a message
 * naming them, so a typo never silently leaves the real provider in place. An empty list turns a
 * provider off.
 */
export function checkDriveHosts(hosts: unknown): Partial<DriveHosts> {
  if (typeof hosts !== 'object' || hosts === null || Array.isArray(hosts))
    throw new TypeError('drive hosts must be an object such as {"dropbox": ["http://127.0.0.1:9000"]}');
  const known = new Set<string>([...LIST_KEYS, ...SINGLE_KEYS]);
  for (const [key, value] of Object.entries(hosts)) {
    if (!known.has(key))
      throw new TypeError(`drive hosts: unknown provider key "${key}" (known: ${[...known].join(', ')})`);
    const list = (LIST_KEYS as readonly string[]).includes(key);
    const values: unknown[] = list && Array.isArray(value) ? value : [value];
    if ((list && !Array.isArray(value)) || !values.every(isOrigin))
      throw new TypeError(
        `drive hosts: "${key}" must be ${list ? 'a list of origins (empty: provider off)' : 'one origin'} (https://host[:port])`,
      );
  }
  return hosts;
}
