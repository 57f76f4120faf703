import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Job, OutputContentPage } from '@transmute/contract';
import { contentUri } from './resource-uris.js';

/**
 * A content page as a tool answer: the page's text first (what the agent reads), then where the
 * next page is — the cursor for `read_output` and the same page as a `transmute://` resource.
 */
export function contentPageResult(page: OutputContentPage, job?: Job): CallToolResult {
  const next = page.page.has_more ? page.page.next_cursor : null;
  const about = {
    ...(job === undefined ? {} : { job_id: job.id, job_status: job.status, warnings: job.warnings }),
    output_id: page.output_id,
    format: page.format,
    media_type: page.media_type,
    has_more: next !== null,
    next_cursor: next,
    ...(next === null ? {} : { next_page: contentUri(page.output_id, next) }),
  };
  return {
    content: [
      { type: 'text', text: page.data },
      {
        type: 'text',
        text:
          next === null ? JSON.stringify(about) : `More content: read_output with ${JSON.stringify(about)}`,
      },
    ],
    structuredContent: { ...about, data: page.data },
  };
}
