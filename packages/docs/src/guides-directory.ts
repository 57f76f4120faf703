import { fileURLToPath } from 'node:url';

/**
 * The repository's `docs/guides/`: every markdown file there is a page of the site. Resolved from
 * this module, which sits two levels under the repository root both as source (`src/`) and built
 * (`dist/`, one bundle).
 */
export const GUIDES_DIRECTORY = fileURLToPath(new URL('../../../docs/guides/', import.meta.url));
