import { findRecordSets } from '../../enrichment/find-record-sets.js';
import type { ProfileContext } from './profile-context.js';

/**
 * Sentences describing the tables of a source that has no prose to summarize (CSV, JSON
 * records): what the summary shows instead of saying nothing. Empty when there are no tables.
 */
export function describeData(ctx: ProfileContext): string[] {
  return findRecordSets(ctx.analysis.blocks, ctx.document.metadata.title)
    .filter((set) => set.origin !== 'key_value')
    .map((set) => {
      const names = set.columns.slice(0, 12).join(', ') + (set.columns.length > 12 ? ', …' : '');
      return ctx.labels.describeTable(set.rows.length, set.columns.length, names);
    });
}
