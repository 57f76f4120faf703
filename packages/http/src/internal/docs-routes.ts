import { TransmuteError } from '@transmute/contract';
import type { DocsFile, DocsSite } from '@transmute/docs';
import type { CoreRequest, CoreResponse } from './core-types.js';
import type { SeenRequest } from './record-request.js';
import type { Surface } from './surface.js';

/** The OpenAPI document beside `/v1` (CONTRACT §12a): the site's own copies, served at the root too. */
const OPENAPI_PATHS = new Set(['/openapi.json', '/openapi.yaml']);

/** The built site and the policy it is served under. */
interface LoadedDocs {
  pages: DocsSite;
  contentSecurityPolicy: string;
}

// Loaded and built on the first request for a page (tens of milliseconds), then kept: the pages
// never change, and a server nobody asks for its docs does not load the docs package at all.
let site: Promise<LoadedDocs> | null = null;

async function loadDocs(): Promise<LoadedDocs> {
  const { buildDocsSite, DOCS_CONTENT_SECURITY_POLICY } = await import('@transmute/docs');
  return { pages: await buildDocsSite(), contentSecurityPolicy: DOCS_CONTENT_SECURITY_POLICY };
}

/** Browsers ask every origin for `/favicon.ico`: the docs' icon answers it (an SVG, by its type). */
const FAVICON_PATH = '/favicon.ico';

/** True for `/openapi.json`, `/openapi.yaml`, `/favicon.ico`, `/docs` and everything under `/docs/`. */
export function isDocsPath(path: string): boolean {
  return OPENAPI_PATHS.has(path) || path === FAVICON_PATH || path === '/docs' || path.startsWith('/docs/');
}

function findFile(pages: DocsSite, path: string): DocsFile | undefined {
  if (OPENAPI_PATHS.has(path)) return pages.get(path.slice(1));
  if (path === FAVICON_PATH) return pages.get('favicon.svg');
  const inside = path.slice('/docs/'.length);
  if (inside === '') return pages.get('index.html');
  // A problem `type` URI names its page without `.html` (`/docs/problems/not_found`).
  return pages.get(inside) ?? pages.get(`${inside}.html`);
}

/**
 * Serves the documentation site under `{base}/docs/` and the OpenAPI document at
 * `{base}/openapi.json` and `{base}/openapi.yaml`, and the site's icon at `{base}/favicon.ico`, with
 * a strict Content-Security-Policy.
 * `{base}/docs` redirects to `{base}/docs/`, so the pages' relative links resolve the same way
 * served and static.
 */
export async function handleDocsRoute(
  request: CoreRequest,
  headers: Record<string, string>,
  seen: SeenRequest,
): Promise<CoreResponse> {
  const { path, method } = request;
  seen.operation = OPENAPI_PATHS.has(path) ? 'openapi' : 'docs';
  if (method !== 'GET' && method !== 'HEAD')
    throw new TransmuteError('method_not_allowed', 'Use GET.', { headers: { allow: 'GET, HEAD' } });
  // Relative, so it holds under any mount prefix the handler does not see (Express strips it).
  if (path === '/docs') return { status: 308, headers: { ...headers, location: 'docs/' }, body: null };
  const { pages, contentSecurityPolicy } = await (site ??= loadDocs());
  const file = findFile(pages, path);
  if (file === undefined) throw new TransmuteError('route_not_found', `No route for ${path}.`);
  return {
    status: 200,
    headers: {
      ...headers,
      'content-type': file.contentType,
      'content-security-policy': contentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'public, max-age=300',
    },
    body: file.body,
  };
}

/** The documentation site and the OpenAPI document as a mounted surface. */
export const DOCS_SURFACE: Surface = {
  name: 'docs',
  owns: isDocsPath,
  serve: ({ request, headers, seen }) => handleDocsRoute(request, headers, seen),
};
