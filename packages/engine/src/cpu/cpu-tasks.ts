import type { ExtractedDocument, NormalizedDocument, ProfileRendering } from '@transmute/plugin-sdk';
import type { Nodes } from 'mdast';
import type { OutputRequest } from '../engine-types.js';
import { chunkingStage, withChunksOnRead } from '../stages/chunking.js';
import { normalizeStage } from '../stages/normalization.js';
import { renderingStage } from '../stages/rendering.js';
import { readTextSource, type TextSourceInput } from '../text-source/read-text-source.js';
import type { ChunkSettings, CpuContext } from '../internal/cpu-context.js';

/**
 * The engine's pure CPU work, as tasks whose input and result are plain data (structured-clone
 * safe): the same functions run inline or in a worker thread, so both give identical results.
 */
export interface CpuTasks {
  /** The built-in text source: text into mdast. */
  'read-text': { input: TextSourceInput; result: ExtractedDocument };
  /** Stages normalization and chunking (chunking left to the first read with `chunking.lazy`). */
  'prepare-document': {
    input: {
      extracted: ExtractedDocument;
      extra: { title?: string; sourceUrl?: string };
      chunking: ChunkSettings;
    };
    result: NormalizedDocument;
  };
  /** Stage rendering of a built-in profile without an enrichment provider. */
  render: {
    input: { document: NormalizedDocument; output: OutputRequest; chunking: ChunkSettings };
    result: ProfileRendering;
  };
}

/** A task's name. */
export type CpuTaskKind = keyof CpuTasks;

const HANDLERS: {
  [K in CpuTaskKind]: (input: CpuTasks[K]['input'], ctx: CpuContext) => Promise<CpuTasks[K]['result']>;
} = {
  'read-text': (input, ctx) =>
    readTextSource(input, {
      signal: ctx.signal,
      warn: (code, detail) => ctx.recorder.warn(code, detail),
      progress: (percent, detail) => ctx.progress.within(percent, detail),
    }),
  'prepare-document': async ({ extracted, extra, chunking }, ctx) => {
    const normalized = normalizeStage(extracted, ctx, extra);
    return chunking.lazy === true
      ? withChunksOnRead(normalized, chunking, ctx.signal)
      : chunkingStage(normalized, ctx, chunking);
  },
  render: ({ document, output, chunking }, ctx) => renderingStage(document, output, ctx, chunking),
};

/** Runs a task in the current thread. */
export function runCpuTask<K extends CpuTaskKind>(
  kind: K,
  input: CpuTasks[K]['input'],
  ctx: CpuContext,
): Promise<CpuTasks[K]['result']> {
  const handler: (input: CpuTasks[K]['input'], ctx: CpuContext) => Promise<CpuTasks[K]['result']> =
    HANDLERS[kind];
  return handler(input, ctx);
}

/** Characters of text in a tree, counted up to `cap` (enough to compare with a threshold). */
function treeCharacters(node: Nodes, cap: number): number {
  let total = 'value' in node ? node.value.length : 0;
  if ('children' in node)
    for (const child of node.children) {
      if (total >= cap) break;
      total += treeCharacters(child, cap - total);
    }
  return total;
}

/** How much text a task works on, at most `cap` characters: what decides whether it is worth a thread hop. */
export function sizeOfTask<K extends CpuTaskKind>(kind: K, input: CpuTasks[K]['input'], cap: number): number {
  const task = { kind, input } as {
    [P in CpuTaskKind]: { kind: P; input: CpuTasks[P]['input'] };
  }[CpuTaskKind];
  switch (task.kind) {
    case 'read-text':
      return task.input.content.length;
    case 'prepare-document':
      return treeCharacters(task.input.extracted.root, cap);
    case 'render':
      return task.input.document.text.length;
  }
}
