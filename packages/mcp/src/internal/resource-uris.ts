/** URI template of a job resource. */
export const JOB_URI_TEMPLATE = 'transmute://jobs/{job_id}';
/** URI template of an output resource (metadata and artifact manifest). */
export const OUTPUT_URI_TEMPLATE = 'transmute://outputs/{output_id}';
/** URI template of one content page of an output; without `cursor`, the first page. */
export const CONTENT_URI_TEMPLATE = 'transmute://outputs/{output_id}/content{?cursor}';

/** The URI of a job resource. */
export function jobUri(jobId: string): string {
  return JOB_URI_TEMPLATE.replace('{job_id}', encodeURIComponent(jobId));
}

/** The URI of an output resource. */
export function outputUri(outputId: string): string {
  return OUTPUT_URI_TEMPLATE.replace('{output_id}', encodeURIComponent(outputId));
}

/** The URI of a content page of an output: the first page, or the one `cursor` names. */
export function contentUri(outputId: string, cursor?: string | null): string {
  const base = `${outputUri(outputId)}/content`;
  return cursor === undefined || cursor === null ? base : `${base}?cursor=${encodeURIComponent(cursor)}`;
}
