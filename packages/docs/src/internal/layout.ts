import { FAVICON_DATA_URI } from './assets.js';
import { html, type SafeHtml } from './html.js';

/** A page before the layout: where it lives in the site, its title and its main content. */
export interface PageContent {
  /** Path inside the site, e.g. `guides/webhooks.html`. */
  path: string;
  title: string;
  main: SafeHtml;
}

/** A guide as the navigation lists it. */
export interface GuideLink {
  path: string;
  title: string;
}

/** The relative way from a page back to the site's root (`''` or `'../'`), so links work anywhere. */
export function rootOf(path: string): string {
  return '../'.repeat(path.split('/').length - 1);
}

/**
 * The whole HTML document of a page: no inline script or style; the site's one stylesheet, its one
 * script (`copy.js`, the copy buttons) and its icon inline.
 */
export function renderLayout(page: PageContent, guides: readonly GuideLink[]): string {
  const root = rootOf(page.path);
  const document = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${page.title} · Transmute docs</title>
        <link rel="icon" type="image/svg+xml" href="${FAVICON_DATA_URI}" />
        <link rel="stylesheet" href="${root}style.css" />
        <script src="${root}copy.js" defer></script>
      </head>
      <body>
        <header class="site">
          <a class="brand" href="${root}index.html">Transmute docs</a>
          <nav aria-label="Sections">
            <a href="${root}reference.html">API reference</a> <a href="${root}profiles.html">Profiles</a>
            <a href="${root}problems.html">Problems</a> <a href="${root}failures.html">Failures</a>
            <a href="${root}openapi.json">openapi.json</a> <a href="${root}openapi.yaml">openapi.yaml</a>
          </nav>
        </header>
        <div class="columns">
          <nav class="guides" aria-label="Guides">
            <h2>Guides</h2>
            <ul>
              ${guides.map((guide) => html`<li><a href="${root}${guide.path}">${guide.title}</a></li>`)}
            </ul>
          </nav>
          <main>${page.main}</main>
        </div>
      </body>
    </html> `;
  return document.value;
}
