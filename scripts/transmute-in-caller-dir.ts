/**
 * `pnpm transmute` (the root package.json's script) runs the CLI from its sources. pnpm runs a root
 * script in the workspace root and says in INIT_CWD where it was called from; the CLI moves there
 * first, so relative paths (`convert ./notes.md`, `--out`, `--dir`, `--data-dir`) are the caller's,
 * as they are for the installed `transmute`.
 */
const callerDirectory = process.env.INIT_CWD;
if (callerDirectory !== undefined && callerDirectory !== '') process.chdir(callerDirectory);
await import('../packages/cli/src/bin.js');
