import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { TransmuteError } from '@transmute/contract';
import type { CoreRequest, CoreResponse } from './core-types.js';

/** The path of the web console, beside `/v1` (CONTRACT §12a); everything under it is the console's. */
export const CONSOLE_PATH = '/console';

/**
 * The console's headers: a strict CSP (its own scripts and styles only, no inline code, no other
 * origin but the blob store's `connectOrigins` for presigned uploads and downloads, no framing), no
 * MIME sniffing, no referrer (URLs may hold job ids).
 */
export function consoleSecurityHeaders(connectOrigins: readonly string[] = []): Record<string, string> {
  const connect = ["'self'", ...connectOrigins].join(' ');
  return {
    'content-security-policy':
      `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src ${connect}; ` +
      "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  };
}

/** Hashed asset names never change content: cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const ASSET_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** True when the path belongs to the console (`/console` or below). */
export function isConsolePath(path: string): boolean {
  return path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`);
}

function notBuilt(root: string): TransmuteError {
  return new TransmuteError(
    'route_not_found',
    `The web console is not built (no ${join(root, 'index.html')}): run \`pnpm build\` ` +
      '(or `pnpm --filter @transmute/console build`) and restart.',
  );
}

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * index.html refers to its assets relatively (`./assets/…`: the mount prefix is unknown at build
 * time), so for a deeper path (the SPA fallback) the references are rewritten to reach the
 * console's own `assets/` from that path.
 */
function assetPrefixFor(subPath: string): string {
  if (subPath === '') return 'console/';
  const depth = subPath.split('/').length - 2;
  return depth <= 0 ? './' : '../'.repeat(depth);
}

async function serveAsset(root: string, name: string): Promise<CoreResponse> {
  const type = ASSET_TYPES[extname(name)];
  const bytes =
    /^[\w.-]+$/.test(name) && type !== undefined ? await readOrNull(join(root, 'assets', name)) : null;
  if (bytes === null) throw new TransmuteError('route_not_found', `No console asset ${name}.`);
  return { status: 200, headers: { 'content-type': type ?? '', 'cache-control': IMMUTABLE }, body: bytes };
}

async function serveIndex(root: string, subPath: string): Promise<CoreResponse> {
  const html = await readOrNull(join(root, 'index.html'));
  if (html === null) throw notBuilt(root);
  const body = html.toString('utf8').replaceAll('"./assets/', `"${assetPrefixFor(subPath)}assets/`);
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
    body,
  };
}

/**
 * Serves the built web console from `root` (the `vite build` output): hashed files under
 * `assets/` with a long cache, and `index.html` (no-cache) for every other path under `/console`
 * (the single-page app routes by fragment). GET and HEAD only. Every answer, problems included,
 * carries {@link consoleSecurityHeaders}, whose CSP lets the page reach `connectOrigins` too. A console that is not built answers a 404 problem
 * saying how to build it.
 */
export async function handleConsoleRoute(
  request: CoreRequest,
  root: string,
  connectOrigins: readonly string[] = [],
): Promise<CoreResponse> {
  const securityHeaders = consoleSecurityHeaders(connectOrigins);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    throw new TransmuteError('method_not_allowed', 'Use GET.', {
      headers: { allow: 'GET, HEAD', ...securityHeaders },
    });
  }
  const subPath = request.path.slice(CONSOLE_PATH.length);
  const asset = /^\/assets\/([^/]+)$/.exec(subPath);
  try {
    const response =
      asset?.[1] === undefined ? await serveIndex(root, subPath) : await serveAsset(root, asset[1]);
    Object.assign(response.headers, securityHeaders);
    return response;
  } catch (error) {
    if (error instanceof TransmuteError) Object.assign(error.headers, securityHeaders);
    throw error;
  }
}
