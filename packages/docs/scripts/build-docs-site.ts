/** `pnpm docs:build`: the documentation site as static files in `docs-site/` at the repository root. */
import { fileURLToPath } from 'node:url';
import { buildDocsSite, writeDocsSite } from '../src/index.js';

const directory = fileURLToPath(new URL('../../../docs-site/', import.meta.url));
const site = await buildDocsSite();
await writeDocsSite(site, directory);
console.log(`Wrote ${String(site.size)} files to ${directory}`);
