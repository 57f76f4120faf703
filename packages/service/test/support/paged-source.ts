import { appendFile, readFile } from 'node:fs/promises';
import {
  SDK_VERSION,
  TransmuteError,
  definePlugin,
  isFailureCode,
  type ExtractedDocument,
  type PageRange,
  type SourceAdapter,
  type SourceFile,
  type StageContext,
} from '@transmute/plugin-sdk';

/** Media type read by {@link createPagedSource}. */
export const PAGED_MEDIA_TYPE = 'application/x-transmute-paged';

/** One page's reading (JSON, as a task result travels). */
interface PageText {
  page: number;
  text: string;
}

async function pagesOf(file: SourceFile): Promise<string[]> {
  return (await readFile(file.path, 'utf8')).split('\f');
}

async function readRange(file: SourceFile, range: PageRange, ctx: StageContext): Promise<PageText[]> {
  const pages = await pagesOf(file);
  const read: PageText[] = [];
  for (let page = range.first; page <= Math.min(range.last, pages.length); page += 1) {
    const text = pages[page - 1] ?? '';
    const end = Date.now() + Number(/sleep=(\d+)/.exec(text)?.[1] ?? '0');
    while (Date.now() < end) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const failure = /fail=(\w+)/.exec(text)?.[1];
    if (failure !== undefined && isFailureCode(failure))
      throw new TransmuteError(failure, `page ${page} is broken`);
    const log = /log=(\S+)/.exec(text)?.[1];
    if (log !== undefined) await appendFile(log, `read ${page}\n`);
    ctx.meter('extracted_pages', 1);
    ctx.progress(((page - range.first + 1) / (range.last - range.first + 1)) * 100);
    read.push({ page, text: text.replace(/(sleep|fail|log)=\S+/g, '').trim() });
  }
  return read;
}

/** The document of pages read (in order): a paragraph per page with its page, the first page's line as title. */
function assemble(file: SourceFile, pages: PageText[]): ExtractedDocument {
  return {
    root: {
      type: 'root',
      children: pages.map(({ page, text }) => ({
        type: 'paragraph' as const,
        children: [{ type: 'text' as const, value: text }],
        data: { provenance: { page } },
      })),
    },
    metadata: { title: pages[0]?.text.split('\n')[0] ?? file.name, pageCount: pages.length },
  };
}

/**
 * A real paged source adapter for tests of `orchestration.batch`: pages are separated by form
 * feeds; a page may say how long reading it takes (`sleep=<ms>`, honouring cancellation), that it
 * fails (`fail=<failure code>`), and where to log its reading (`log=<path>`: one `read <n>` line
 * per read, so a test counts pages read twice).
 */
export function createPagedSource(): SourceAdapter {
  return definePlugin<SourceAdapter>({
    manifest: {
      id: 'source.test_paged',
      kind: 'source_adapter',
      canonicalIdentifier: 'paged_test.v1',
      useCase: 'Test adapter whose documents are read in page ranges.',
      mediaTypes: [PAGED_MEDIA_TYPE],
      outputFormats: [],
      costUnit: 'files',
      limits: {},
      qualityThreshold: 0.5,
      sdkVersion: SDK_VERSION,
    },
    health: () => Promise.resolve({ ok: true }),
    accepts: (probe) => probe.mediaType === PAGED_MEDIA_TYPE,
    async extract(file, ctx) {
      return assemble(file, await readRange(file, { first: 1, last: (await pagesOf(file)).length }, ctx));
    },
    pages: {
      countPages: async (file) => (await pagesOf(file)).length,
      readPages: (file, range, ctx) => readRange(file, range, ctx),
      assemble: async (file, readings) => assemble(file, (readings as PageText[][]).flat()),
    },
  });
}
