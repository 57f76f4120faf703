import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { TransmuteError } from '@transmute/contract';
import {
  resolveByteLimit,
  type Connector,
  type ConnectorResponse,
  type SourceFile,
} from '@transmute/plugin-sdk';
import type { ConvertSource } from '../engine-types.js';
import type { HostResolver } from '../net/resolver.js';
import { safeFetch, type SafeFetchPolicy, type SafeFetchResponse } from '../net/safe-fetch.js';
import { isGenericMediaType, toCanonicalMediaType } from '../media-types.js';
import { routeUrlMediaType, toRoutedMediaType, type UrlContentRoute } from './url-routing.js';
import { sniffUrlMediaType } from './url-sniff.js';

/** A `url` source. */
export type UrlSource = Extract<ConvertSource, { type: 'url' }>;

/** What {@link acquireUrl} needs from the engine. */
export interface UrlAcquisitionContext {
  /** Private scratch directory of the run: the download is written there. */
  workDir: string;
  signal: AbortSignal;
  /** Operator opt-in to reach loopback/private addresses (development, tests). */
  allowPrivateNetworks?: boolean;
  /** Private addresses the operator allows one by one (see UrlPolicyOptions). */
  allowedAddresses?: readonly string[];
  /**
   * Limits in force (the webpage plugin's, with operator overrides); each one missing is taken
   * from {@link URL_LIMIT_DEFAULTS}.
   */
  limits?: Record<string, number>;
  /** DNS resolver (tests simulate answers); the system's by default. */
  resolver?: HostResolver;
  /** The connector that recognized the URL as a share link, with its effective limits. */
  connector?: { plugin: Connector; limits: Record<string, number> };
  /** Whether an installed source adapter reads a media type the built-in routes do not. */
  readsMediaType?: (mediaType: string) => boolean;
}

/** The downloaded source and the reader it is meant for. */
export interface UrlAcquisition {
  file: SourceFile;
  route: UrlContentRoute;
}

/** The download's limits when the webpage plugin (whose manifest declares them) is not installed. */
const URL_LIMIT_DEFAULTS = Object.freeze({
  maximum_bytes: 5_000_000,
  maximum_redirects: 5,
  timeout_seconds: 20,
});

const ACCEPT =
  'text/html,application/xhtml+xml;q=0.9,application/pdf;q=0.8,text/markdown;q=0.7,text/plain;q=0.7,' +
  'application/json;q=0.6,text/csv;q=0.6,*/*;q=0.1';

/**
 * Downloads a `url` source through the SSRF-safe client (http(s) only, every redirect re-checked,
 * byte cap enforced while streaming, one overall timeout, `preferred_language` sent as
 * `Accept-Language`), refuses error pages (`source_unreachable`), decides the media type (header,
 * then sniffed), checks that some reader takes it, and writes the body to a file in `workDir`
 * whose `baseUrl` is the final URL after redirects.
 *
 * @example
 * const { file } = await acquireUrl({ type: 'url', url }, { workDir, signal, allowPrivateNetworks: false });
 */
export async function acquireUrl(source: UrlSource, ctx: UrlAcquisitionContext): Promise<UrlAcquisition> {
  const limits = ctx.limits ?? {};
  const maxBytes = resolveByteLimit(URL_LIMIT_DEFAULTS, limits);
  const headers: Record<string, string> = { accept: ACCEPT, 'user-agent': 'Transmute/1 (+url source)' };
  if (source.preferredLanguage !== undefined) {
    headers['accept-language'] = `${source.preferredLanguage}, *;q=0.5`;
  }
  const policy: SafeFetchPolicy = {
    maxBytes,
    maxRedirects: limits['maximum_redirects'] ?? URL_LIMIT_DEFAULTS.maximum_redirects,
    timeoutMs: (limits['timeout_seconds'] ?? URL_LIMIT_DEFAULTS.timeout_seconds) * 1000,
    ...(ctx.allowPrivateNetworks === undefined ? {} : { allowPrivateNetworks: ctx.allowPrivateNetworks }),
    ...(ctx.resolver === undefined ? {} : { resolver: ctx.resolver }),
    ...(ctx.allowedAddresses === undefined ? {} : { allowedAddresses: ctx.allowedAddresses }),
  };
  const fetchDecoded = async (
    url: string,
    extra: Record<string, string> = {},
  ): Promise<ConnectorResponse> => {
    const response = await safeFetch(url, { headers: { ...headers, ...extra }, signal: ctx.signal }, policy);
    const body = await decodeBody(response, maxBytes);
    const { 'content-encoding': _applied, ...rest } = response.headers;
    return { url: response.url, status: response.status, headers: rest, body };
  };
  const download: Download = ctx.connector
    ? await ctx.connector.plugin.resolve(new URL(source.url), {
        signal: ctx.signal,
        limits: ctx.connector.limits,
        fetch: (url, init) => fetchDecoded(url, init?.headers),
      })
    : { response: await fetchDecoded(source.url) };
  const { response } = download;
  if (response.status < 200 || response.status > 299) {
    throw new TransmuteError('source_unreachable', `The URL answered HTTP ${response.status}, not a page.`);
  }
  const body = Buffer.from(response.body.buffer, response.body.byteOffset, response.body.byteLength);
  if (body.length === 0) throw new TransmuteError('empty_content', 'The URL answered with an empty body.');
  const declared = toCanonicalMediaType(response.headers['content-type'] ?? '');
  const mediaType = toRoutedMediaType(
    isGenericMediaType(declared) ? (download.mediaType ?? sniffUrlMediaType(body)) : declared,
  );
  const route = routeUrlMediaType(mediaType, source.allowAudioTranscription === true, ctx.readsMediaType);
  const name = download.name !== undefined ? toSafeName(download.name) : undefined;
  const path = join(ctx.workDir, `url-source${extensionOf(route, mediaType, name)}`);
  await writeFile(path, body);
  const file: SourceFile = {
    name: name ?? nameOf(response.url, route, mediaType),
    mediaType,
    sizeBytes: body.length,
    path,
  };
  file.baseUrl = response.url;
  if (source.preferredLanguage !== undefined) file.preferredLanguage = source.preferredLanguage;
  const charset = charsetOf(response.headers['content-type']);
  if (charset !== undefined) file.charset = charset;
  return { file, route };
}

/** What was downloaded: a plain URL's response, or the file a connector resolved a share link to. */
interface Download {
  response: ConnectorResponse;
  name?: string;
  mediaType?: string;
}

/** Undoes a `Content-Encoding` the server applied although none was asked for, within the byte cap. */
async function decodeBody(response: SafeFetchResponse, maxBytes: number): Promise<Buffer> {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const options = { maxOutputLength: maxBytes };
  try {
    switch (encoding) {
      case 'gzip':
      case 'x-gzip':
        return await promisify(gunzip)(response.body, options);
      case 'deflate':
        return await promisify(inflate)(response.body, options);
      case 'br':
        return await promisify(brotliDecompress)(response.body, options);
      default:
        return response.body;
    }
  } catch (cause) {
    if ((cause as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new TransmuteError('source_too_large', `The decoded page is larger than ${maxBytes} bytes.`, {
        cause,
      });
    }
    throw new TransmuteError('source_unreachable', `The response body could not be decoded (${encoding}).`, {
      cause,
    });
  }
}

function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

function extensionOf(route: UrlContentRoute, mediaType: string, name?: string): string {
  switch (route) {
    case 'plugin':
      return /\.[\w-]{1,10}$/.exec(name ?? '')?.[0] ?? '.bin';
    case 'webpage':
      return mediaType === 'application/xhtml+xml' ? '.xhtml' : '.html';
    case 'document':
      return '.pdf';
    case 'audio':
      return `.${mediaType.split('/')[1] ?? 'audio'}`;
    case 'text':
      return mediaType === 'application/json' ? '.json' : mediaType === 'text/csv' ? '.csv' : '.txt';
  }
}

function nameOf(url: string, route: UrlContentRoute, mediaType: string): string {
  let last = new URL(url).pathname.split('/').pop() ?? '';
  try {
    last = decodeURIComponent(last);
  } catch {
    // A malformed escape: keep the name as sent.
  }
  last = toSafeName(last);
  return last !== '' && last !== '_' ? last : `page${extensionOf(route, mediaType)}`;
}

/** A file name without path separators or characters a file system or a header could trip on. */
function toSafeName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_');
}
