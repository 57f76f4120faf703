import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobStage } from '@transmute/contract';
import {
  SDK_VERSION,
  definePlugin,
  type OutputRenderer,
  type PluginManifest,
  type SourceAdapter,
  type SourceFile,
  type StageContext,
} from '@transmute/plugin-sdk';
import type { CheckpointStore, OutputRequest } from '../src/index.js';

/** The output request most tests use. */
export const MARKDOWN: OutputRequest = {
  profile: 'raw_source',
  format: 'markdown',
  language: 'en',
  includeRawSource: false,
};

/** Reads a fixture input. */
export function fixturePath(path: string): string {
  return new URL(`../../../fixtures/text/${path}`, import.meta.url).pathname;
}

/** A SourceFile for a file on disk. */
export async function toSourceFile(path: string, mediaType: string, fileId?: string): Promise<SourceFile> {
  const { size } = await stat(path);
  return {
    path,
    mediaType,
    sizeBytes: size,
    name: path.split('/').pop() ?? 'file',
    ...(fileId ? { fileId } : {}),
  };
}

/** Writes bytes to a fresh temp file. */
export async function tempFile(name: string, content: string | Uint8Array): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'engine-test-'));
  const path = join(directory, name);
  await writeFile(path, content);
  return path;
}

/** An in-memory checkpoint store that serializes like a real one (JSON round trip). */
export function createMemoryCheckpoints(): CheckpointStore & { saved: Map<JobStage, string> } {
  const saved = new Map<JobStage, string>();
  return {
    saved,
    load: async (stage) => {
      const value = saved.get(stage);
      return value === undefined ? undefined : JSON.parse(value);
    },
    save: async (stage, state) => {
      saved.set(stage, JSON.stringify(state));
    },
  };
}

function manifest(overrides: Partial<PluginManifest>): PluginManifest {
  return {
    id: 'source.ocr',
    kind: 'source_adapter',
    canonicalIdentifier: 'test.v1',
    useCase: 'A plugin used by the engine tests.',
    mediaTypes: [],
    outputFormats: [],
    costUnit: 'input_bytes',
    limits: { maximum_pages: 5 },
    qualityThreshold: 0.5,
    sdkVersion: SDK_VERSION,
    ...overrides,
  };
}

/** A PDF-reading test source: returns one paragraph per "page" and marks transcription. */
export function createTestPdfSource(
  options: {
    healthy?: boolean;
    id?: PluginManifest['id'];
    /** What inspect() throws instead of answering. */
    inspectThrows?: Error;
    /** Called first in extract(), with the plugin's stage context. */
    onExtract?: (ctx: StageContext) => Promise<void>;
  } = {},
): SourceAdapter {
  return definePlugin<SourceAdapter>({
    manifest: manifest({ id: options.id ?? 'source.ocr', mediaTypes: ['application/pdf'] }),
    health: async () => ({ ok: options.healthy ?? true }),
    accepts: (probe) => probe.mediaType === 'application/pdf',
    inspect: async () => {
      if (options.inspectThrows !== undefined) throw options.inspectThrows;
      return { ok: true, warnings: [], facts: { pages: 2 } };
    },
    extract: async (file, ctx) => {
      await options.onExtract?.(ctx);
      ctx.stage('transcription');
      ctx.progress(50, 'page 1 of 2');
      const text = await readFile(file.path, 'latin1');
      return {
        root: {
          type: 'root',
          children: [
            {
              type: 'paragraph',
              children: [{ type: 'text', value: `Page one of ${file.name}.` }],
              data: { provenance: { page: 1 } },
            },
            {
              type: 'paragraph',
              children: [{ type: 'text', value: `Bytes: ${text.length}.` }],
              data: { provenance: { page: 2 } },
            },
          ],
        },
        metadata: { pageCount: 2, title: 'Scanned' },
      };
    },
  });
}

/** A JSONL/zip test renderer writing the rendering's records. */
export function createTestRenderer(): OutputRenderer {
  return definePlugin<OutputRenderer>({
    manifest: manifest({
      id: 'renderer.dataset_artifacts',
      kind: 'output_renderer',
      outputFormats: ['jsonl', 'zip'],
    }),
    health: async () => ({ ok: true }),
    render: async (request, ctx) => {
      const content = request.rendering.records.map((record) => JSON.stringify(record)).join('\n');
      const path = join(ctx.workDir, `${request.profile}.jsonl`);
      await writeFile(path, content);
      return [
        {
          name: `${request.profile}.jsonl`,
          mediaType: 'application/x-ndjson',
          path,
          sizeBytes: Buffer.byteLength(content),
          sha256: 'x',
        },
      ];
    },
  });
}
