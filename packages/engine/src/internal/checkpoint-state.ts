import type { ExtractedDocument, NormalizedDocument } from '@transmute/plugin-sdk';
import type { CheckpointStore, UsageQuantities } from '../engine-types.js';

/** What a checkpoint holds (JSON-serializable): the stage's result plus usage and warnings so far. */
export type CheckpointState =
  | {
      version: 1;
      stage: 'extraction';
      extracted: ExtractedDocument;
      title?: string;
      sourceUrl?: string;
      usage: UsageQuantities;
      warnings: string[];
    }
  | {
      version: 1;
      stage: 'chunking';
      document: NormalizedDocument;
      usage: UsageQuantities;
      warnings: string[];
    };

function isState(value: unknown, stage: CheckpointState['stage']): value is CheckpointState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as { version?: unknown; stage?: unknown; usage?: unknown; warnings?: unknown };
  return (
    state.version === 1 &&
    state.stage === stage &&
    typeof state.usage === 'object' &&
    Array.isArray(state.warnings)
  );
}

/** Loads the latest usable checkpoint (chunking first, then extraction); anything malformed is ignored. */
export async function loadLatestCheckpoint(
  store: CheckpointStore | undefined,
): Promise<CheckpointState | undefined> {
  if (!store) return undefined;
  for (const stage of ['chunking', 'extraction'] as const) {
    const value = await store.load(stage);
    if (isState(value, stage)) return value;
  }
  return undefined;
}
