import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import {
  API_ERRORS,
  buildOpenApiDocument,
  FAILURE_CODES,
  OPERATIONS,
  DEFAULT_OUTPUT_PROFILE,
  OUTPUT_PROFILE_DESCRIPTIONS,
  OUTPUT_PROFILES,
  validateRequestBody,
  validateResource,
} from '@transmute/contract';
import type { Element } from 'hast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDocsSite,
  GUIDES_DIRECTORY,
  PROFILE_EXAMPLE_SOURCE,
  PROFILE_EXAMPLES_DIRECTORY,
  writeDocsSite,
  type DocsSite,
} from '../src/index.js';
import { exampleFromSchema } from '../src/internal/example-from-schema.js';

/** The one script a page may carry: the site's own `copy.js`, as a file. */
const SITE_SCRIPT = /<script src="(\.\.\/)*copy\.js" defer><\/script>/;

// The site as `pnpm docs:build` writes it, read back from disk and checked link by link.

interface ParsedPage {
  ids: Set<string>;
  links: string[];
}

const parser = unified().use(rehypeParse);

function parsePage(text: string): ParsedPage {
  const ids = new Set<string>();
  const links: string[] = [];
  visit(parser.parse(text), 'element', (node: Element) => {
    const { id, href, src } = node.properties;
    if (typeof id === 'string') ids.add(id);
    for (const link of [href, src]) if (typeof link === 'string') links.push(link);
  });
  return { ids, links };
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)));
}

let site: DocsSite;
let directory: string;

beforeAll(async () => {
  site = await buildDocsSite();
  directory = await mkdtemp(join(tmpdir(), 'transmute-docs-site-'));
  await writeDocsSite(site, directory);
});
afterAll(() => rm(directory, { recursive: true, force: true }));

describe('the static docs site', () => {
  it('writes every file of the site and nothing else', async () => {
    expect((await listFiles(directory)).sort()).toEqual([...site.keys()].sort());
  });

  it('has no broken internal link: every href and src names a file, every fragment an id in it', async () => {
    const files = (await listFiles(directory)).filter((file) => file.endsWith('.html'));
    const pages = new Map<string, ParsedPage>();
    for (const file of files) pages.set(file, parsePage(await readFile(join(directory, file), 'utf8')));
    const broken: string[] = [];
    const linked = new Set<string>();
    for (const [file, page] of pages) {
      for (const link of page.links) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // http:, https:, mailto: leave the site
        const [path = '', fragment] = link.split('#');
        const target = path === '' ? file : relative(directory, resolve(directory, dirname(file), path));
        const exists = site.has(target);
        linked.add(target);
        const anchored = fragment === undefined || pages.get(target)?.ids.has(decodeURIComponent(fragment));
        if (!exists || anchored !== true) broken.push(`${file} → ${link}`);
      }
    }
    expect(broken).toEqual([]);
    // Every job failure code and every problem code has a page some other page links to.
    const codePages = [
      ...Object.keys(FAILURE_CODES).map((code) => `failures/${code}.html`),
      ...Object.keys(API_ERRORS).map((code) => `problems/${code}.html`),
    ];
    expect(codePages.filter((page) => !linked.has(page))).toEqual([]);
    expect([...pages.values()].reduce((count, page) => count + page.links.length, 0)).toBeGreaterThan(1000);
  });

  it('has a page for every problem code of the catalogue, and a guide page for every docs/guides file', async () => {
    for (const code of Object.keys(API_ERRORS)) expect(site.has(`problems/${code}.html`)).toBe(true);
    const guides = (await readdir(GUIDES_DIRECTORY)).filter((file) => file.endsWith('.md'));
    expect(guides.length).toBeGreaterThanOrEqual(9);
    for (const guide of guides) expect(site.has(`guides/${guide.replace(/\.md$/, '.html')}`)).toBe(true);
  });

  it('documents every operation of the OpenAPI document with its problem codes', () => {
    const reference = parsePage(site.get('reference.html')?.body ?? '');
    const document = buildOpenApiDocument();
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item) as { operationId: string }[]) {
        expect(reference.ids.has(`op-${operation.operationId}`)).toBe(true);
      }
    }
    for (const name of Object.keys(document.components.schemas))
      expect(reference.ids.has(`schema-${name}`)).toBe(true);
    const body = site.get('reference.html')?.body ?? '';
    expect(body).toContain(
      '<a href="problems/idempotency_key_reused.html"><code>idempotency_key_reused</code></a>',
    );
  });

  it('carries no inline script, inline style or event handler on any page; only the copy.js file', () => {
    for (const [path, file] of site) {
      if (!path.endsWith('.html')) continue;
      const rest = file.body.replace(SITE_SCRIPT, '');
      expect({
        path,
        script: SITE_SCRIPT.test(file.body),
        unsafe: /<script|\sstyle=|\son[a-z]+=/i.test(rest),
      }).toEqual({
        path,
        script: true,
        unsafe: false,
      });
    }
    expect(site.get('copy.js')?.body).toContain('navigator.clipboard.writeText');
  });

  it('has a page for every job failure code of the catalogue, saying what it means and what to do', () => {
    const index = site.get('failures.html')?.body ?? '';
    for (const [code, meaning] of Object.entries(FAILURE_CODES)) {
      const page = site.get(`failures/${code}.html`)?.body ?? '';
      expect({
        code,
        meaning: page.includes(meaning.replace(/'/g, '&#39;')),
        todo: page.includes('What to do'),
      }).toEqual({
        code,
        meaning: true,
        todo: true,
      });
      expect(index).toContain(`<a href="failures/${code}.html"><code>${code}</code></a>`);
    }
  });

  it('gives every page an inline SVG icon and the site a favicon.svg', () => {
    for (const [path, file] of site) {
      if (!path.endsWith('.html')) continue;
      expect({
        path,
        icon: /<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,/.test(file.body),
      }).toEqual({
        path,
        icon: true,
      });
    }
    expect(site.get('favicon.svg')?.contentType).toBe('image/svg+xml');
  });

  it('puts every table in a scrolling wrapper, so a wide table never widens the page', () => {
    for (const [path, file] of site) {
      if (!path.endsWith('.html')) continue;
      const tables = file.body.match(/<table/g)?.length ?? 0;
      const wrapped = file.body.match(/<div class="table-scroll">\s*<table/g)?.length ?? 0;
      expect({ path, tables }).toEqual({ path, tables: wrapped });
    }
  });

  it('shows a request and a response example for every operation, valid against the contract', () => {
    const body = site.get('reference.html')?.body ?? '';
    const document = buildOpenApiDocument();
    for (const [operationId, operation] of Object.entries(OPERATIONS)) {
      const section = body.slice(body.indexOf(`id="op-${operationId}"`));
      const end = section.indexOf('</section>');
      expect({ operationId, request: section.slice(0, end).includes('class="example-request"') }).toEqual({
        operationId,
        request: true,
      });
      expect(section.slice(0, end)).toContain('class="example-response"');
      if (operation.requestBody !== null) {
        const { schema } = operation.requestBody;
        const example = exampleFromSchema(document, { $ref: `#/components/schemas/${schema}` }, 'required');
        expect({ operationId, errors: validateRequestBody(schema, example) }).toEqual({
          operationId,
          errors: [],
        });
      }
      for (const response of operation.responses) {
        if (response.body === null) continue;
        const example = exampleFromSchema(document, { $ref: `#/components/schemas/${response.body}` }, 'all');
        expect({ operationId, errors: validateResource(response.body, example) }).toEqual({
          operationId,
          errors: [],
        });
      }
    }
    expect(body).toContain('POST {base}/v1/jobs\nAuthorization: Bearer tmk_…\nIdempotency-Key: ');
  });

  it('explains the six output profiles from the contract', () => {
    const page = parsePage(site.get('profiles.html')?.body ?? '');
    const body = site.get('profiles.html')?.body ?? '';
    expect(OUTPUT_PROFILES).toHaveLength(6);
    for (const profile of OUTPUT_PROFILES) {
      expect(page.ids.has(profile)).toBe(true);
      expect(body).toContain(OUTPUT_PROFILE_DESCRIPTIONS[profile].purpose.replace(/'/g, '&#39;'));
    }
    expect(site.get('index.html')?.body).toContain('href="profiles.html"');
  });

  it("lists every profile's purpose and the one default in the repository README", async () => {
    const readme = await readFile(join(GUIDES_DIRECTORY, '../../README.md'), 'utf8');
    for (const profile of OUTPUT_PROFILES) {
      expect(readme).toContain(OUTPUT_PROFILE_DESCRIPTIONS[profile].purpose);
    }
    expect(readme).toContain(`| \`${DEFAULT_OUTPUT_PROFILE}\` (default) |`);
  });

  it('shows each profile with the start of its real example output', async () => {
    const body = site.get('profiles.html')?.body ?? '';
    for (const profile of OUTPUT_PROFILES) {
      const example = await readFile(join(PROFILE_EXAMPLES_DIRECTORY, `${profile}.md`), 'utf8');
      const firstLine = example.split('\n')[0] ?? '';
      expect(firstLine.length).toBeGreaterThan(0);
      const escaped = firstLine.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
      expect(body).toContain(`$ transmute convert ${PROFILE_EXAMPLE_SOURCE} --profile ${profile}`);
      expect(body).toContain(escaped.replaceAll("'", '&#39;').replaceAll('"', '&quot;'));
    }
  });
});

describe('guides', () => {
  it('drop raw HTML, so no guide can carry a script, and turn .md links into pages', async () => {
    const guides = await mkdtemp(join(tmpdir(), 'transmute-guides-'));
    try {
      await writeFile(
        join(guides, 'hostile.md'),
        '# Hostile\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\nSee [the other](other.md#part) & [site](https://example.com/a.md).\n',
      );
      const built = await buildDocsSite({ guidesDirectory: guides });
      const page = built.get('guides/hostile.html')?.body ?? '';
      expect(page).toContain('<h1 id="hostile">Hostile</h1>');
      expect(page.replace(SITE_SCRIPT, '')).not.toMatch(/<script|onerror|<img/i);
      expect(page).toContain(
        '<a href="other.html#part">the other</a> &#x26; <a href="https://example.com/a.md">site</a>',
      );
    } finally {
      await rm(guides, { recursive: true, force: true });
    }
  });

  it('leave the site whole when the guides directory does not exist', async () => {
    const built = await buildDocsSite({ guidesDirectory: join(tmpdir(), 'transmute-no-such-guides') });
    expect(built.has('index.html')).toBe(true);
    expect([...built.keys()].filter((path) => path.startsWith('guides/'))).toEqual([]);
  });
});
