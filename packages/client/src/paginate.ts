import type { Page } from '@transmute/contract';
import type { ListParams } from './client-types.js';

/**
 * Iterates every item of a cursor-paginated list, fetching pages lazily (newest first, as the API
 * orders them). Pass a list method of the client (they are bound) and its parameters; for lists
 * under a parent, pass a closure.
 *
 * @example
 * for await (const job of paginate(client.listJobs, { status: 'failed', limit: 100 })) {
 *   console.log(job.id);
 * }
 * for await (const output of paginate((p) => client.listJobOutputs(jobId, p), {})) { … }
 */
export async function* paginate<TItem, TParams extends ListParams>(
  list: (params?: TParams) => Promise<Page<TItem>>,
  // NoInfer: the list method decides the parameter type, so `status: 'failed'` stays a literal.
  params: NoInfer<TParams>,
): AsyncGenerator<TItem, void, undefined> {
  let cursor = params.cursor;
  for (;;) {
    const page = await list(cursor === undefined ? params : { ...params, cursor });
    yield* page.data;
    if (!page.page.has_more || page.page.next_cursor === null) return;
    cursor = page.page.next_cursor;
  }
}
