import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readability } from '@mozilla/readability';
import { createEngine } from '@transmute/engine';
import type { SourceAdapter } from '@transmute/plugin-sdk';
import { createWebpageSource } from '@transmute/plugin-webpage';
import { JSDOM, VirtualConsole } from 'jsdom';
import { parseHTML } from 'linkedom';
import { markdownToPlainText } from './markdown-to-text.js';
import { loadPreviousWebpageSource } from './previous-release.js';

/** The URL every page is read under (the corpus has no URLs; links do not matter to the text). */
export const PAGE_URL = 'https://corpus.example/page/';

/** Names of the compared extractors, in table order. */
export const EXTRACTORS = ['ours', 'previous-release', 'readability-linkedom', 'readability-jsdom'] as const;
/** One of {@link EXTRACTORS}. */
export type ExtractorName = (typeof EXTRACTORS)[number];

/**
 * Extracts a page's main content; `plainText` turns what `extract` returned into the plain text the
 * scores read (for ours, markdown parsed back to text: the bench's work, not the extractor's, so a
 * speed figure times `extract` alone); `close()` releases what it holds.
 */
export interface Extractor {
  name: ExtractorName;
  extract(htmlPath: string): Promise<string>;
  plainText(extracted: string): string;
  close(): Promise<void>;
}

const asIs = (text: string): string => text;

/** Creates one extractor. */
export async function createExtractor(name: ExtractorName): Promise<Extractor> {
  switch (name) {
    case 'ours':
      return createThroughEngine(name, createWebpageSource());
    case 'previous-release':
      return createThroughEngine(name, (await loadPreviousWebpageSource())());
    case 'readability-linkedom':
      return {
        name,
        extract: async (htmlPath) => readabilityText(parseHTML(await readFile(htmlPath, 'utf8')).document),
        plainText: asIs,
        close: async () => undefined,
      };
    case 'readability-jsdom':
      return {
        name,
        extract: async (htmlPath) => {
          const html = await readFile(htmlPath, 'utf8');
          const dom = new JSDOM(html, { url: PAGE_URL, virtualConsole: new VirtualConsole() });
          try {
            return readabilityText(dom.window.document);
          } finally {
            dom.window.close();
          }
        },
        plainText: asIs,
        close: async () => undefined,
      };
  }
}

/** Readability's own text of the article (`textContent`), or '' when it finds none. */
function readabilityText(document: Document): string {
  return new Readability(document).parse()?.textContent ?? '';
}

/**
 * Ours (and the previous release's): the page as an uploaded `text/html` file through the engine
 * with a webpage source (`prepare`, then the `raw_source` markdown artifact); its plain text is the
 * markdown's.
 */
async function createThroughEngine(name: ExtractorName, source: SourceAdapter): Promise<Extractor> {
  const engine = createEngine({ plugins: [source] });
  const workDir = await mkdtemp(join(tmpdir(), 'webpage-eval-'));
  return {
    name,
    extract: async (htmlPath) => {
      const file = {
        name: basename(htmlPath),
        mediaType: 'text/html',
        sizeBytes: (await stat(htmlPath)).size,
        path: htmlPath,
        baseUrl: PAGE_URL,
      };
      const { document } = await engine.prepare({ type: 'files', files: [file] });
      const output = {
        profile: 'raw_source',
        format: 'markdown',
        language: 'en',
        includeRawSource: false,
      } as const;
      const { artifacts } = await engine.render(document, output, { workDir });
      const [artifact] = artifacts;
      if (!artifact) throw new Error(`no markdown artifact for ${htmlPath}`);
      const markdown = await readFile(artifact.path, 'utf8');
      await rm(artifact.path, { force: true });
      return markdown;
    },
    plainText: markdownToPlainText,
    close: async () => {
      await engine.close();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
