import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));

/** `../shared/corpora/web-kinds`: WCXB pages that are not articles, read in place (CC-BY-4.0). */
export const WEB_KINDS_DIRECTORY = resolve(here, '../../../../shared/corpora/web-kinds');

/** The page kinds of the set, in table order. */
export const WEB_KINDS = ['service', 'forum', 'listing', 'product', 'collection', 'documentation'] as const;
/** One of {@link WEB_KINDS}. */
export type WebKind = (typeof WEB_KINDS)[number];

/** Which part of the set a page is in: `dev` is looked at while tuning, `held-out` never. */
export type WebKindsSplit = 'dev' | 'held-out';

/** Of every 10 hash buckets, this many are held out (about 30 % of the pages). */
const HELD_OUT_BUCKETS = 3;

/**
 * The split of a page id: the first byte of sha256(`web-kinds:<id>`) modulo 10, the top
 * {@link HELD_OUT_BUCKETS} buckets held out. Deterministic and independent of the page's content,
 * kind or order in `pages.json`.
 */
export function webKindsSplitOf(id: string): WebKindsSplit {
  const bucket = (createHash('sha256').update(`web-kinds:${id}`).digest()[0] ?? 0) % 10;
  return bucket >= 10 - HELD_OUT_BUCKETS ? 'held-out' : 'dev';
}

/** A page of the set ready to score. */
export interface WebKindsPage {
  id: string;
  kind: WebKind;
  domain: string;
  split: WebKindsSplit;
  /** The page, unpacked from its `.html.gz` into a temporary directory (extractors read a path). */
  htmlPath: string;
  sizeBytes: number;
  /** `ground_truth.main_content` of the page's ground-truth file. */
  mainContent: string;
}

interface PagesEntry {
  page_type: string;
  domain: string;
}

interface GroundTruthFile {
  ground_truth?: { main_content?: unknown };
}

/**
 * Every page of the set with a ground truth, unpacked once per process into `unpackDirectory`. A
 * page whose `main_content` is empty or missing (15 of the 614) has nothing to score against and
 * is left out, as the benchmark leaves it out.
 */
export function loadWebKindsSet(
  directory = WEB_KINDS_DIRECTORY,
  unpackDirectory = join(tmpdir(), `webpage-eval-web-kinds-${String(process.pid)}`),
): WebKindsPage[] {
  const entries = JSON.parse(readFileSync(join(directory, 'pages.json'), 'utf8')) as Record<
    string,
    PagesEntry
  >;
  mkdirSync(unpackDirectory, { recursive: true });
  return Object.entries(entries).flatMap(([id, entry]) => {
    if (!(WEB_KINDS as readonly string[]).includes(entry.page_type)) {
      throw new Error(`web-kinds page ${id} has an unknown kind ${entry.page_type}`);
    }
    const truth = JSON.parse(
      readFileSync(join(directory, 'ground-truth', `${id}.json`), 'utf8'),
    ) as GroundTruthFile;
    const mainContent = truth.ground_truth?.main_content;
    if (typeof mainContent !== 'string' || mainContent.trim() === '') return [];
    const htmlPath = join(unpackDirectory, `${id}.html`);
    if (!existsSync(htmlPath)) {
      writeFileSync(htmlPath, gunzipSync(readFileSync(join(directory, 'html', `${id}.html.gz`))));
    }
    const page: WebKindsPage = {
      id,
      kind: entry.page_type as WebKind,
      domain: entry.domain,
      split: webKindsSplitOf(id),
      htmlPath,
      sizeBytes: readFileSync(htmlPath).length,
      mainContent,
    };
    return [page];
  });
}
