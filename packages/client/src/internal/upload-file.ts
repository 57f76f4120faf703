import { isUnsettledFileStatus, type FileResource } from '@transmute/contract';
import type { TransmuteClient, UploadFileInput, UploadFileOptions } from '../client-types.js';
import { send, sleep, type Transport } from './transport.js';

/** sha256 of bytes, hex; node:crypto is loaded only here, so a browser that passes `sha256` never needs it. */
async function digest(bytes: Uint8Array): Promise<string> {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * intent → PUT → complete. The PUT goes to the signed `upload_url` with exactly the returned
 * `upload_headers` and no credential (the URL may be a storage service's presigned URL).
 */
export async function uploadFile(
  client: Pick<TransmuteClient, 'createUploadIntent' | 'completeFileUpload' | 'getFile'>,
  transport: Transport,
  input: UploadFileInput,
  options: UploadFileOptions = {},
): Promise<FileResource> {
  const signal = options.signal;
  const sizeBytes = 'bytes' in input ? input.bytes.byteLength : input.sizeBytes;
  const sha256 = input.sha256 ?? ('bytes' in input ? await digest(input.bytes) : '');
  const requestOptions = signal === undefined ? {} : { signal };
  const intent = await client.createUploadIntent(
    { name: input.name, media_type: input.mediaType, size_bytes: sizeBytes, sha256 },
    requestOptions,
  );
  await send(transport, {
    url: intent.upload_url,
    method: intent.upload_method,
    headers: { ...intent.upload_headers },
    body: 'bytes' in input ? input.bytes : input.stream,
    signal,
  });
  let file = await client.completeFileUpload(
    intent.file_id,
    { size_bytes: sizeBytes, sha256 },
    requestOptions,
  );
  if (options.waitUntilValidated !== true) return file;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (isUnsettledFileStatus(file.status) && Date.now() < deadline) {
    await sleep(options.pollIntervalMs ?? 500, signal);
    file = await client.getFile(file.id, requestOptions);
  }
  return file;
}
