/**
 * The largest file the console hashes: WebCrypto has no incremental digest, so the whole file is
 * read into memory once. Larger files are refused before any request (use the CLI or a client).
 */
export const MAX_HASHED_FILE_BYTES = 512 * 1024 * 1024;

/** sha256 of a file, hex, with WebCrypto (`crypto.subtle.digest`). */
export async function sha256OfFile(file: Blob): Promise<string> {
  if (file.size > MAX_HASHED_FILE_BYTES) {
    throw new Error(
      `The console uploads files up to ${String(MAX_HASHED_FILE_BYTES / 1024 / 1024)} MiB; use the CLI or a client for larger ones.`,
    );
  }
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
