import type { TransmuteClient } from '@transmute/client/browser';
import { isUnsettledFileStatus, type FileResource } from '@transmute/contract';
import { sha256OfFile } from './sha256.js';

/** Where an upload is: hashing, sending (with bytes sent), or completing. */
export type UploadPhase =
  | { phase: 'hashing' }
  | { phase: 'sending'; sentBytes: number; totalBytes: number }
  | { phase: 'completing' }
  | { phase: 'validating' };

const VALIDATION_POLL_MS = 300;
const VALIDATION_TIMEOUT_MS = 120_000;

/** PUTs the bytes to the signed upload URL with XHR, whose upload events give the progress. */
function put(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  onProgress: (sent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => onProgress(event.loaded));
    request.upload.addEventListener('load', () => onProgress(file.size));
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new Error(`The upload was refused (${String(request.status)}): ${request.responseText}`));
    });
    request.addEventListener('error', () => reject(new Error('The upload failed (network error).')));
    request.send(file);
  });
}

/**
 * The direct-upload flow (CONTRACT §8) through the public API: sha256 in the browser →
 * createUploadIntent → PUT to `upload_url` with `upload_headers` → completeFileUpload → getFile
 * until the file is validated (`ready`, else an error).
 */
export async function uploadFile(
  client: TransmuteClient,
  file: File,
  onPhase: (phase: UploadPhase) => void,
): Promise<FileResource> {
  if (file.size === 0) {
    throw new Error(
      `${file.name} is empty (0 bytes): there is nothing to convert. Choose a file with content.`,
    );
  }
  onPhase({ phase: 'hashing' });
  const sha256 = await sha256OfFile(file);
  const mediaType = file.type === '' ? 'application/octet-stream' : file.type;
  const intent = await client.createUploadIntent({
    name: file.name,
    media_type: mediaType,
    size_bytes: file.size,
    sha256,
  });
  onPhase({ phase: 'sending', sentBytes: 0, totalBytes: file.size });
  await put(intent.upload_url, intent.upload_headers, file, (sentBytes) =>
    onPhase({ phase: 'sending', sentBytes, totalBytes: file.size }),
  );
  onPhase({ phase: 'completing' });
  let uploaded = await client.completeFileUpload(intent.file_id, { size_bytes: file.size, sha256 });
  // A job takes only `ready` files: wait for the server's validation of the bytes.
  onPhase({ phase: 'validating' });
  const deadline = Date.now() + VALIDATION_TIMEOUT_MS;
  while (isUnsettledFileStatus(uploaded.status) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, VALIDATION_POLL_MS));
    uploaded = await client.getFile(uploaded.id);
  }
  if (uploaded.status !== 'ready') {
    const why = uploaded.warnings.length > 0 ? `: ${uploaded.warnings.join('; ')}` : '.';
    throw new Error(`${file.name} was not accepted (status ${uploaded.status})${why}`);
  }
  return uploaded;
}
