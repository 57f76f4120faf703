import { fileURLToPath } from 'node:url';

/**
 * The directory of the built web console (`index.html` and `assets/`), written by `vite build`.
 * Resolves the same from the sources (`src/index.ts`) and from the build (`dist/node.js`).
 */
export const CONSOLE_DIST_DIR: string = fileURLToPath(new URL('../dist/web/', import.meta.url));
