import type { Problem } from '@transmute/contract';
import type { TransmuteService } from '@transmute/service';
import type { CoreRequest, CoreResponse } from './core-types.js';
import { problemResponse, type ProblemContext } from './problem.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** `PUT {base}/uploads/<token>`: streams the body to the service (bounded memory, 413 past the intent's size). */
export async function handleUpload(
  service: TransmuteService,
  request: CoreRequest,
  token: string,
): Promise<CoreResponse> {
  const body =
    request.body() ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
  const file = await service.receiveUpload(token, body, request.header('content-type'));
  return { status: 200, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(file) };
}

type ByteRange = { start: number; end: number };

/** Parses a single `bytes=` range; null = serve the whole body, 'unsatisfiable' = 416. */
function parseRange(header: string, size: number): ByteRange | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return null; // multiple or unknown ranges: the full body is a valid answer
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return 'unsatisfiable';
  return { start, end };
}

function etagMatches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * `GET|HEAD {base}/artifacts/<token>`: the artifact bytes with `Content-Type`, `Content-Length`,
 * `ETag` (the sha256), `Accept-Ranges`; `Range` → 206/416; `If-None-Match` → 304. With an object
 * store that serves downloads, a 307 to the artifact's presigned GET instead.
 */
export async function handleArtifact(
  service: TransmuteService,
  request: CoreRequest,
  token: string,
  context: Pick<ProblemContext, 'requestId' | 'docsBaseUrl'>,
): Promise<CoreResponse> {
  const artifact = await service.openArtifact(token);
  if (artifact.presignedUrl !== undefined) {
    // The object store serves the bytes (Range, ETag, expiry) from a short-lived presigned GET.
    return {
      status: 307,
      headers: { location: artifact.presignedUrl, 'cache-control': 'no-store' },
      body: null,
    };
  }
  const etag = `"${artifact.sha256}"`;
  const headers: Record<string, string> = {
    etag,
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=300',
  };
  const ifNoneMatch = request.header('if-none-match');
  if (ifNoneMatch !== null && etagMatches(ifNoneMatch, etag)) return { status: 304, headers, body: null };
  headers['content-type'] = artifact.mediaType;
  headers['content-disposition'] = `attachment; filename="${artifact.name.replace(/["\\\r\n]/g, '_')}"`;
  const rangeHeader = request.header('range');
  const ifRange = request.header('if-range');
  const range =
    rangeHeader === null || (ifRange !== null && ifRange !== etag)
      ? null
      : parseRange(rangeHeader, artifact.sizeBytes);
  if (range === 'unsatisfiable') {
    return problemResponse(unsatisfiable(context), { 'content-range': `bytes */${artifact.sizeBytes}` });
  }
  const head = request.method === 'HEAD';
  if (range === null) {
    headers['content-length'] = String(artifact.sizeBytes);
    return { status: 200, headers, body: head ? null : artifact.open() };
  }
  headers['content-length'] = String(range.end - range.start + 1);
  headers['content-range'] = `bytes ${range.start}-${range.end}/${artifact.sizeBytes}`;
  return { status: 206, headers, body: head ? null : artifact.open(range) };
}

/**
 * 416 lives outside the v1 catalogue (it only exists on the artifact route, which is plain HTTP),
 * so its problem body is built here with the same fields.
 */
function unsatisfiable(context: Pick<ProblemContext, 'requestId' | 'docsBaseUrl'>): Problem {
  return {
    type: `${context.docsBaseUrl}/problems/range_not_satisfiable`,
    title: 'Range not satisfiable',
    status: 416,
    code: 'range_not_satisfiable',
    detail: 'The requested byte range is outside the artifact.',
    request_id: context.requestId,
    retryable: false,
    field_errors: [],
  };
}
