import { TransmuteError } from '@transmute/plugin-sdk';

/**
 * Normalizes an archive entry name to a relative POSIX path, refusing (with `archive_unsafe`)
 * absolute paths, drive letters and any `..` segment: the digest never names a path outside the
 * archive, whatever a later consumer does with it.
 */
export function toSafePath(name: string): string {
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) {
    throw new TransmuteError('archive_unsafe', `The archive has an absolute path: ${JSON.stringify(name)}.`);
  }
  if (slashed.includes('\u0000'))
    throw new TransmuteError('archive_unsafe', 'The archive has a path with a NUL byte.');
  const parts = slashed.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) {
    throw new TransmuteError(
      'archive_unsafe',
      `The archive has a path leaving its root: ${JSON.stringify(name)}.`,
    );
  }
  return parts.join('/');
}
