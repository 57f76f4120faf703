import type { Provenance, RootContent } from '@transmute/plugin-sdk';

/** Sets `data.provenance` on each top-level block (keeping its other data), returning the blocks. */
export function stampProvenance(blocks: RootContent[], provenance: Provenance): RootContent[] {
  for (const block of blocks) block.data = { ...block.data, provenance };
  return blocks;
}
