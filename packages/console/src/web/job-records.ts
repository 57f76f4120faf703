import type { CreateJobRequest, OutputProfile } from '@transmute/contract';
import type { UploadedFileName } from './request-snippets.js';

/**
 * What this browser knows of the jobs it created, which the API's Job does not carry: the file
 * names or URL, the profile, and the request itself (for the "same request as code" snippets).
 * The label and profile stay in localStorage (the jobs list shows them after a reload); the request
 * body, which may hold pasted text, stays in sessionStorage (gone with the tab, like the API key).
 */
export interface JobRecord {
  /** File names, the URL, or "Text (N characters)". */
  source: string;
  profile: OutputProfile;
  /** The createJob body as sent; absent once the tab that made it is closed. */
  request?: CreateJobRequest;
  /** The uploaded files by file id (the snippets upload them again by name). */
  files?: Record<string, UploadedFileName>;
}

const LABELS_KEY = 'transmute.jobLabels';
const REQUESTS_KEY = 'transmute.jobRequests';
/** The newest records kept; older ones fall back to what the API says (source type, first output). */
const MAX_RECORDS = 500;

type Stored = Record<string, JobRecord>;

function read(storage: Storage, key: string): Stored {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

function write(storage: Storage, key: string, records: Stored): void {
  const kept = Object.entries(records).slice(-MAX_RECORDS);
  try {
    storage.setItem(key, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or disabled: the list falls back to what the API says.
  }
}

/** A short label of a request's source: file names, the URL, or the text's length. */
export function sourceLabel(request: CreateJobRequest, files: Record<string, UploadedFileName>): string {
  const { source } = request;
  if (source.type === 'url') return source.url;
  if (source.type === 'text') return `Text (${source.content.length.toLocaleString('en')} characters)`;
  return source.file_ids.map((id) => files[id]?.name ?? id).join(', ');
}

export function rememberJob(
  jobId: string,
  request: CreateJobRequest,
  files: Record<string, UploadedFileName>,
): void {
  const label = { source: sourceLabel(request, files), profile: request.output.profile };
  write(localStorage, LABELS_KEY, { ...read(localStorage, LABELS_KEY), [jobId]: label });
  write(sessionStorage, REQUESTS_KEY, {
    ...read(sessionStorage, REQUESTS_KEY),
    [jobId]: { ...label, request, files },
  });
}

export function recordOf(jobId: string): JobRecord | undefined {
  return read(sessionStorage, REQUESTS_KEY)[jobId] ?? read(localStorage, LABELS_KEY)[jobId];
}

export function forgetJob(jobId: string): void {
  for (const [storage, key] of [
    [localStorage, LABELS_KEY],
    [sessionStorage, REQUESTS_KEY],
  ] as const) {
    const records = read(storage, key);
    delete records[jobId];
    write(storage, key, records);
  }
}

/** On sign-out: the requests this tab made (they may hold pasted text) go with the key. */
export function forgetJobRequests(): void {
  sessionStorage.removeItem(REQUESTS_KEY);
}
