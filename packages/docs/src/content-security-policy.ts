/**
 * The `Content-Security-Policy` the docs are served with: only the site's own files, no script
 * but from the site itself (the pages have none), nothing framed, no `<base>`.
 */
export const DOCS_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";
