import ignore, { type Ignore } from 'ignore';
import { posix } from 'node:path';

/** Answers whether a path is ignored by the `.gitignore` files found in the archive. */
export type IgnoreTest = (path: string) => boolean;

/**
 * Builds the ignore test of a repository: each `.gitignore` applies to paths below its folder
 * (relative to it), as git does; `.git/` itself is always ignored.
 */
export function toIgnoreTest(gitignores: { path: string; text: string }[]): IgnoreTest {
  const rules: { base: string; matcher: Ignore }[] = gitignores.map((file) => ({
    base: posix.dirname(file.path) === '.' ? '' : posix.dirname(file.path),
    matcher: ignore().add(file.text),
  }));
  return (path: string): boolean => {
    if (/(^|\/)\.git(\/|$)/.test(path)) return true;
    for (const rule of rules) {
      if (rule.base !== '' && !path.startsWith(`${rule.base}/`)) continue;
      const relative = rule.base === '' ? path : path.slice(rule.base.length + 1);
      if (relative !== '' && rule.matcher.ignores(relative)) return true;
    }
    return false;
  };
}
