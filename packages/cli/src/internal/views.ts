import type { FileResource, Job, Output, WebhookDelivery, WebhookEndpoint } from '@transmute/contract';
import type { Column } from './print.js';

/** The human table columns of each resource the client commands list. */
export const JOB_COLUMNS: Column<Job>[] = [
  { header: 'ID', value: (job) => job.id },
  { header: 'STATUS', value: (job) => job.status },
  {
    header: 'PROGRESS',
    value: (job) => `${String(job.progress.percent)}% ${job.progress.stage ?? ''}`.trim(),
  },
  { header: 'SOURCE', value: (job) => job.source_type },
  { header: 'OUTPUTS', value: (job) => job.output_ids.join(',') },
  { header: 'CREATED', value: (job) => job.created_at },
];

export const FILE_COLUMNS: Column<FileResource>[] = [
  { header: 'ID', value: (file) => file.id },
  { header: 'STATUS', value: (file) => file.status },
  { header: 'NAME', value: (file) => file.name },
  { header: 'TYPE', value: (file) => file.media_type },
  { header: 'BYTES', value: (file) => file.size_bytes },
];

export const OUTPUT_COLUMNS: Column<Output>[] = [
  { header: 'ID', value: (output) => output.id },
  { header: 'STATUS', value: (output) => output.status },
  { header: 'PROFILE', value: (output) => output.profile },
  { header: 'FORMAT', value: (output) => output.format },
  { header: 'LANGUAGE', value: (output) => output.language },
  { header: 'FILES', value: (output) => output.manifest?.files.map((file) => file.name).join(',') },
];

export const ENDPOINT_COLUMNS: Column<WebhookEndpoint>[] = [
  { header: 'ID', value: (endpoint) => endpoint.id },
  { header: 'STATUS', value: (endpoint) => endpoint.status },
  { header: 'URL', value: (endpoint) => endpoint.url },
  { header: 'EVENTS', value: (endpoint) => endpoint.events.join(',') },
  { header: 'DESCRIPTION', value: (endpoint) => endpoint.description },
];

export const DELIVERY_COLUMNS: Column<WebhookDelivery>[] = [
  { header: 'ID', value: (delivery) => delivery.id },
  { header: 'STATUS', value: (delivery) => delivery.status },
  { header: 'EVENT', value: (delivery) => delivery.event_type },
  { header: 'ATTEMPTS', value: (delivery) => delivery.attempts },
  { header: 'HTTP', value: (delivery) => delivery.response_status },
  { header: 'ERROR', value: (delivery) => delivery.last_error_code },
  { header: 'CREATED', value: (delivery) => delivery.created_at },
];
