import type { FailureCode } from '@transmute/contract';

/**
 * What to do about each job and output failure code, in markdown: the one thing the catalogue's
 * `FAILURE_CODES` does not say (it says what the code means). Typed by the catalogue, so a new
 * failure code without advice does not compile.
 */
export const FAILURE_ADVICE: Record<FailureCode, string> = {
  source_unreachable:
    'Check that the URL opens from the server (not only from your machine): the host resolves, answers 2xx, and needs no login or cookie. Retry later if the site was down; upload the file instead if the server cannot reach it.',
  source_blocked:
    'The URL points to a private, loopback or otherwise disallowed address, or a redirect led there. Use a public URL, or upload the file. An operator can allow private networks on a self-hosted server (`--allow-private-networks`).',
  source_too_large:
    'Send a smaller source, or split it (for example by chapter or page range). `GET /v1/capabilities` and `GET /v1/usage` show the limits of your plan.',
  unsupported_content:
    'The media type has no converter on this server. Check the formats `GET /v1/capabilities` lists; convert the file to one of them (for example PDF or DOCX) first, or enable the plugin that reads it.',
  empty_content:
    'The source has no text to extract: an empty file, a page that builds its content with script, or a scan without OCR. Check the source; for scans, make sure the OCR plugin is available.',
  extraction_failed:
    'The converter could not read this content. Check that the file opens in its usual application; if it does, retry once and report the job id with the file if it fails again.',
  quality_below_threshold:
    'The extracted text was too poor to use (often a low-resolution or skewed scan). Send a better scan (300 dpi or more), or the original digital document.',
  timeout:
    'The work took longer than its time limit. Retry (the server may have been busy), or send a smaller source or fewer pages.',
  limit_exceeded:
    'A limit of the plugin (pages, size, entries, duration) was exceeded. The `progress.detail` of the job names it; send a smaller source.',
  internal_error:
    'A bug on the server side. Retry the job; if it fails again, report the job id (and the `request_id` of its creation).',
  job_canceled:
    'The job was canceled before this output was rendered. Create the job again if you still need it.',
  encrypted_document:
    'The document is password-protected or encrypted. Remove the protection (save an unprotected copy) and upload that.',
  corrupt_file:
    'The file is damaged or truncated, often by an interrupted download or upload. Get a fresh copy, check it opens, and upload it again.',
  too_many_pages:
    'The document has more pages than the limit of the server. Split it into parts and convert each.',
  duration_exceeded:
    'The audio or video is longer than the limit of the server. Cut it into shorter parts and convert each.',
  archive_unsafe:
    'The archive holds paths that leave it (`../`), links, or expands to far more than its size. Repack it with plain relative paths and no links.',
  transcription_unavailable:
    'No speech-to-text engine is installed or configured on this server. Ask the operator to enable one, or send a transcript.',
  transcription_failed:
    'The transcription engine failed on this media. Check the file plays; retry, or convert it to a common format (MP3, WAV, MP4) first.',
  media_type_mismatch:
    'The bytes are not what the declared media type says (for example a HTML page named `.pdf`). Declare the right `media_type`, or leave it out to let the server detect it.',
  digest_mismatch:
    'The stored bytes do not match the `sha256` declared for the upload: the upload was changed or cut. Upload the file again and declare the digest of the whole file.',
  size_mismatch:
    'The stored bytes do not match the declared `size_bytes`. Upload the file again and declare its exact size.',
  audio_transcription_not_allowed:
    'Audio and video URLs are transcribed only on request: set `resolver_preferences.allow_audio_transcription` to `true` in the job.',
  enrichment_failed:
    'The optional model provider failed, so the output stays extractive (still complete and usable). Nothing to do unless you need the enrichment; the operator can check the provider.',
  stored_data_missing:
    'The storage lost the bytes this work needs (outside Transmute: a wiped volume or a bucket rule). Upload the source again and create a new job; the operator finds the key in the server log.',
};
