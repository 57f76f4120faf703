/**
 * Speed and sameness check of the webpage conversion (issue 26): converts every page of
 * `../shared/corpora/web-kinds` and `../shared/corpora/html` in this thread with `convertHtml`, and
 * writes, per page, a hash of everything the conversion returns (the mdast, metadata, warnings,
 * quality, DOM used: the engine's markdown is a function of them), so two builds can be diffed
 * (`diff a/web-kinds.tsv b/web-kinds.tsv`); then the MB of HTML per CPU-second of each corpus
 * (the conversion only: reading, hashing and the markdown are not counted).
 *
 *   node --conditions=development --import tsx bench/src/webpage-eval/dump-webpages.ts OUT_DIR [MODULE]
 *
 * MODULE is the plugin module to load (default `@transmute/plugin-webpage`); a copy of an older
 * `dist/index.js` gives the before of a before → after run. `BENCH_DUMP_CORPORA=html` runs one corpus.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuUsage } from 'node:process';
import type { convertHtml } from '@transmute/plugin-webpage';
import { loadWebKindsSet } from './web-kinds-set.js';
import { PAGE_URL } from './extractors.js';

type ConvertHtml = typeof convertHtml;

interface Page {
  name: string;
  html: string;
  bytes: number;
}

const HTML_DIRECTORY = resolve(import.meta.dirname, '../../../../shared/corpora/html');

function htmlPages(): Page[] {
  return readdirSync(HTML_DIRECTORY)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => pageOf(name, join(HTML_DIRECTORY, name)));
}

function webKindsPages(): Page[] {
  return loadWebKindsSet().map((page) => pageOf(page.id, page.htmlPath));
}

function pageOf(name: string, path: string): Page {
  const bytes = readFileSync(path);
  return { name, html: bytes.toString('utf8'), bytes: bytes.length };
}

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

async function dumpCorpus(
  convertHtml: ConvertHtml,
  pages: Page[],
): Promise<{ lines: string[]; megabytes: number; cpuSeconds: number }> {
  const lines: string[] = [];
  let cpuMicros = 0;
  let bytes = 0;
  for (const page of pages) {
    const before = cpuUsage();
    const result = await convertHtml(page.html, { url: PAGE_URL }).catch((error: unknown) => ({
      error: String(error),
    }));
    const used = cpuUsage(before);
    cpuMicros += used.user + used.system;
    bytes += page.bytes;
    if ('error' in result) {
      lines.push(`${page.name}\terror\t${result.error}`);
      continue;
    }
    lines.push(
      [
        page.name,
        hash(JSON.stringify(result)),
        result.dom,
        result.warnings.map((warning) => warning.split(':')[0]).join(','),
      ].join('\t'),
    );
  }
  return { lines, megabytes: bytes / 1e6, cpuSeconds: cpuMicros / 1e6 };
}

const [outDirectory = '/tmp/webpage-dump', moduleName] = process.argv.slice(2);
const plugin = (await import(
  moduleName === undefined ? '@transmute/plugin-webpage' : pathToFileURL(resolve(moduleName)).href
)) as {
  convertHtml: ConvertHtml;
};
await mkdir(outDirectory, { recursive: true });
const corpora = (process.env['BENCH_DUMP_CORPORA'] ?? 'web-kinds,html').split(',');
for (const corpus of corpora) {
  const pages = corpus === 'html' ? htmlPages() : webKindsPages();
  const { lines, megabytes, cpuSeconds } = await dumpCorpus(plugin.convertHtml, pages);
  await writeFile(join(outDirectory, `${corpus}.tsv`), `${lines.join('\n')}\n`);
  console.log(
    `${corpus}: ${String(pages.length)} pages, ${megabytes.toFixed(1)} MB, ${cpuSeconds.toFixed(1)} CPU-s, ${(megabytes / cpuSeconds).toFixed(2)} MB/CPU-s`,
  );
}
