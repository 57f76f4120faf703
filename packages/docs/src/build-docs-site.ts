import { buildOpenApiDocument, renderOpenApi } from '@transmute/contract';
import { GUIDES_DIRECTORY } from './guides-directory.js';
import { COPY_SCRIPT, FAVICON_SVG } from './internal/assets.js';
import { html } from './internal/html.js';
import { renderLayout, type PageContent } from './internal/layout.js';
import { loadGuides } from './internal/load-guides.js';
import { loadProfileExamples } from './internal/load-profile-examples.js';
import { PROFILE_EXAMPLES_DIRECTORY } from './profile-examples-directory.js';
import { renderFailurePages } from './internal/render-failures.js';
import { renderProblemPages } from './internal/render-problems.js';
import { renderProfilesPage } from './internal/render-profiles.js';
import { renderReference } from './internal/render-reference.js';
import { STYLESHEET } from './internal/stylesheet.js';

/** One file of the site. */
export interface DocsFile {
  contentType: string;
  body: string;
}

/** The whole site by path inside it (`index.html`, `guides/quickstart.html`, `problems/not_found.html`, …). */
export type DocsSite = ReadonlyMap<string, DocsFile>;

/** Options of {@link buildDocsSite}. */
export interface DocsSiteOptions {
  /** Where the guides are (`*.md`); default {@link GUIDES_DIRECTORY}. */
  guidesDirectory?: string;
  /** Where the profiles' example outputs are (`<profile>.md`); default {@link PROFILE_EXAMPLES_DIRECTORY}. */
  profileExamplesDirectory?: string;
}

const HTML_TYPE = 'text/html; charset=utf-8';

function homePage(guides: readonly PageContent[]): PageContent {
  const main = html`<h1>Transmute documentation</h1>
    <p>
      Transmute turns text, web pages, PDFs, scans, audio, video and archives into LLM- and dataset-ready
      outputs through durable jobs, behind one HTTP API (v1).
    </p>
    <ul>
      <li>
        <a href="reference.html">API reference</a> — every operation, its parameters, bodies, answers and
        problem codes, from the OpenAPI document (<a href="openapi.json">JSON</a>,
        <a href="openapi.yaml">YAML</a>).
      </li>
      <li><a href="profiles.html">Output profiles</a> — the six things a job can make of a source.</li>
      <li><a href="problems.html">Problem codes</a> — what each error means and how to fix it.</li>
      <li>
        <a href="failures.html">Job failure codes</a> — why a job or output ended <code>failed</code>, and
        what to do.
      </li>
    </ul>
    <h2>Guides</h2>
    <ul>
      ${guides.map((guide) => html`<li><a href="${guide.path}">${guide.title}</a></li>`)}
    </ul>`;
  return { path: 'index.html', title: 'Documentation', main };
}

/**
 * Builds the documentation site: the API reference rendered from the contract's OpenAPI document,
 * the output profiles, a page per guide in `docs/guides/`, a page per problem code and per job
 * failure code of the error catalogue, the stylesheet, the copy-button script, the icon and the
 * OpenAPI document itself. Links are relative, so the same files work served under `{base}/docs/`
 * and hosted anywhere as a static site; pages carry no inline script.
 *
 * @example
 * const site = await buildDocsSite();
 * site.get('problems/not_found.html')?.body; // the page a `not_found` problem's `type` points to
 */
export async function buildDocsSite(options: DocsSiteOptions = {}): Promise<DocsSite> {
  const document = buildOpenApiDocument();
  const guides = await loadGuides(options.guidesDirectory ?? GUIDES_DIRECTORY);
  const pages = [
    homePage(guides),
    renderReference(document),
    renderProfilesPage(
      await loadProfileExamples(options.profileExamplesDirectory ?? PROFILE_EXAMPLES_DIRECTORY),
    ),
    ...renderProblemPages(document),
    ...renderFailurePages(),
    ...guides,
  ];
  const site = new Map<string, DocsFile>();
  for (const page of pages) site.set(page.path, { contentType: HTML_TYPE, body: renderLayout(page, guides) });
  site.set('style.css', { contentType: 'text/css; charset=utf-8', body: STYLESHEET });
  site.set('copy.js', { contentType: 'text/javascript; charset=utf-8', body: COPY_SCRIPT });
  site.set('favicon.svg', { contentType: 'image/svg+xml', body: FAVICON_SVG });
  site.set('openapi.json', { contentType: 'application/json; charset=utf-8', body: renderOpenApi('json') });
  site.set('openapi.yaml', { contentType: 'application/yaml; charset=utf-8', body: renderOpenApi('yaml') });
  return site;
}
