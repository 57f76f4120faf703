import type { SourceFile } from '@transmute/plugin-sdk';
import type { ConvertSource } from '../engine-types.js';
import { acquireUrl } from '../acquisition/url-source.js';
import { checkAborted } from '../internal/abort.js';
import type { RunContext } from './run-context.js';
import { guessTextMediaType } from '../text-source/guess-text-media-type.js';

/** A source ready for scanning: inline text kept in memory, or a file on local disk. */
export type AcquiredItem =
  { kind: 'text'; content: string; mediaType: string; name: string } | { kind: 'file'; file: SourceFile };

/** Result of the acquisition stage. */
export interface Acquisition {
  items: AcquiredItem[];
  title?: string;
  sourceUrl?: string;
}

/**
 * Stage source_acquisition: inline text stays in memory (its type guessed from the content),
 * uploaded files are used where they are, URLs are downloaded into the run's scratch directory
 * through the SSRF-safe fetcher (a share link a connector recognizes is first resolved by it to
 * the file it shares, through the same fetcher). Meters `input_bytes`.
 */
export async function acquireSource(source: ConvertSource, ctx: RunContext): Promise<Acquisition> {
  checkAborted(ctx.signal);
  ctx.progress.stage('source_acquisition');
  switch (source.type) {
    case 'text': {
      ctx.recorder.meter('input_bytes', Buffer.byteLength(source.content));
      const item: AcquiredItem = {
        kind: 'text',
        content: source.content,
        mediaType: guessTextMediaType(source.content),
        name: source.title ?? 'text',
      };
      return {
        items: [item],
        ...(source.title ? { title: source.title } : {}),
        ...(source.sourceUrl ? { sourceUrl: source.sourceUrl } : {}),
      };
    }
    case 'files': {
      for (const file of source.files) ctx.recorder.meter('input_bytes', file.sizeBytes);
      return { items: source.files.map((file) => ({ kind: 'file', file })) };
    }
    case 'url': {
      const connector = URL.canParse(source.url)
        ? await ctx.registry.findConnector(new URL(source.url))
        : undefined;
      const webpage = connector ? undefined : await ctx.registry.byId('source.webpage');
      const { file } = await acquireUrl(source, {
        workDir: ctx.scratchDir,
        signal: ctx.signal,
        allowPrivateNetworks: ctx.options.allowPrivateNetworks === true,
        ...(ctx.options.allowedAddresses ? { allowedAddresses: ctx.options.allowedAddresses } : {}),
        // A share link's download is bounded by its connector's limits (a shared file is no web page).
        ...(connector
          ? {
              limits: ctx.registry.limitsOf(connector),
              connector: { plugin: connector, limits: ctx.registry.limitsOf(connector) },
            }
          : webpage
            ? { limits: ctx.registry.limitsOf(webpage) }
            : {}),
        readsMediaType: (mediaType) => ctx.registry.readsMediaType(mediaType),
      });
      ctx.recorder.meter('input_bytes', file.sizeBytes);
      return { items: [{ kind: 'file', file }], sourceUrl: source.url };
    }
  }
}
