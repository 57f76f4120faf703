import type {
  CostUnit,
  FailureCode,
  OutputFormat,
  OutputProfile,
  PluginId,
  PluginKind,
  UsageUnit,
  JobStage,
} from '@transmute/contract';
import type { ExtractedDocument } from './document.js';
import type { ProfileRendering } from './rendering.js';

/** The SDK's major version; the engine refuses plugins built for another one. */
export const SDK_VERSION = 1;

/** A plugin's static description (= the capabilities plugin entry, camelCased, minus status). */
export interface PluginManifest {
  /**
   * One of the spec's ids, or an id of its own (`source.documents`, a user's plugin): such a plugin
   * is registered and used like any other but not listed under capabilities' `plugins`, whose
   * wire enum is closed (CONTRACT §12).
   */
  id: PluginId | `${string}.${string}`;
  kind: PluginKind;
  canonicalIdentifier: string;
  useCase: string;
  mediaTypes: string[];
  outputFormats: OutputFormat[];
  costUnit: CostUnit;
  limits: Record<string, number>;
  qualityThreshold: number;
  /** SDK major version the plugin was built against. */
  sdkVersion: number;
}

/** Result of a plugin's health check; decides `general_availability` vs `disabled`. */
export interface PluginHealth {
  ok: boolean;
  /** Why it is not usable (binary missing, model missing…), or a short note. */
  detail?: string;
}

/** What the stages of a plugin may use: cancellation, progress, warnings, metering, scratch space. */
export interface StageContext {
  signal: AbortSignal;
  /** The plugin's effective limits (manifest limits merged with operator overrides). */
  limits: Record<string, number>;
  /** A private temporary directory for this run; removed by the caller afterwards. */
  workDir: string;
  /** 0..100 within the current stage. */
  progress(percent: number, detail?: string): void;
  /** A non-fatal problem: recorded as `code: detail` in the job's warnings. */
  warn(code: string, detail: string): void;
  /** Records consumption of a usage unit. */
  meter(unit: UsageUnit, quantity: number): void;
  /** Marks the stage the plugin is in (extraction, transcription, scanning…). */
  stage(stage: JobStage): void;
}

/** One source to read: always a local file (URL sources are downloaded first by the engine). */
export interface SourceFile {
  /** `file_…` id for uploaded files; absent for downloaded URLs and inline text. */
  fileId?: string;
  name: string;
  mediaType: string;
  sizeBytes: number;
  /** Absolute path of the bytes on local disk. */
  path: string;
  /** Base URL to resolve relative links against (the final URL of a fetched page, or `source_url`). */
  baseUrl?: string;
  /** Caller preferences (e.g. url source `preferred_language`). */
  preferredLanguage?: string;
  /** Character encoding the server declared (`Content-Type` charset of a fetched page), when known. */
  charset?: string;
}

/** The first bytes and declared type of a source, for routing. */
export interface SourceProbe {
  mediaType: string;
  name: string;
  head: Uint8Array;
}

/** Outcome of the cheap checks run at upload validation. */
export type FileInspection =
  | { ok: true; warnings: string[]; facts?: Record<string, string | number> }
  | { ok: false; code: FailureCode; detail: string };

/** 1-based, inclusive page numbers of a long document. */
export interface PageRange {
  first: number;
  last: number;
}

/**
 * A long document read in page ranges, each of which may run on another worker (the
 * `orchestration.batch` split). `extract(file)` must give what `assemble` gives for one reading of
 * every page: whatever needs the whole document (styles, running headers, the title) is decided in
 * `assemble`, so a split document comes out as if read whole.
 */
export interface PagedReading {
  /** The file's pages (0 when this file is not paged: it is extracted whole). */
  countPages(file: SourceFile, ctx: StageContext): Promise<number>;
  /** Reads the pages of `range` into a JSON value (it is stored and sent between processes). */
  readPages(file: SourceFile, range: PageRange, ctx: StageContext): Promise<unknown>;
  /** The document from the readings of consecutive ranges that cover every page, in order. */
  assemble(file: SourceFile, readings: unknown[], ctx: StageContext): Promise<ExtractedDocument>;
}

/** A source adapter turns files of some media types into an {@link ExtractedDocument}. */
export interface SourceAdapter {
  readonly manifest: PluginManifest;
  health(): Promise<PluginHealth>;
  accepts(probe: SourceProbe): boolean;
  /** Cheap checks at upload validation (page count, duration, archive entries). */
  inspect?(file: SourceFile, signal: AbortSignal): Promise<FileInspection>;
  extract(file: SourceFile, ctx: StageContext): Promise<ExtractedDocument>;
  /** Page-range reading of long documents (optional): the engine splits such files into tasks. */
  readonly pages?: PagedReading;
  /** Releases worker pools and child processes. */
  close?(): Promise<void>;
}

/** A file produced for an output, written under the stage context's `workDir`. */
export interface Artifact {
  name: string;
  mediaType: string;
  path: string;
  sizeBytes: number;
  sha256: string;
}

/** What an output renderer receives. */
export interface RenderRequest {
  profile: OutputProfile;
  format: OutputFormat;
  language: string;
  includeRawSource: boolean;
  rendering: ProfileRendering;
  /** Original files, for `zip` with `include_raw_source`. */
  originals: SourceFile[];
}

/** An output renderer packs a profile's rendering into artifacts of its formats. */
export interface OutputRenderer {
  readonly manifest: PluginManifest;
  health(): Promise<PluginHealth>;
  render(request: RenderRequest, ctx: StageContext): Promise<Artifact[]>;
  close?(): Promise<void>;
}

/** A response of {@link ConnectorContext.fetch}: fully read, capped, after its redirects. */
export interface ConnectorResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Uint8Array;
}

/**
 * What a connector may use. Its only way out is `fetch`: the engine's SSRF-safe client (http(s)
 * only, every redirect re-checked against the operator's address policy, byte cap, one deadline
 * for the whole acquisition), so a share link cannot lead the engine anywhere a URL source could not.
 */
export interface ConnectorContext {
  signal: AbortSignal;
  /** The connector's effective limits (manifest limits merged with operator overrides). */
  limits: Record<string, number>;
  fetch(url: string, init?: { headers?: Record<string, string> }): Promise<ConnectorResponse>;
}

/** The file a share link leads to, downloaded: the engine reads it like any fetched URL. */
export interface ResolvedShare {
  /** The download's response (2xx); its `Content-Type` (else the sniffed bytes) picks the reader. */
  response: ConnectorResponse;
  /** The file's name (from `Content-Disposition`, else the link), when the provider tells it. */
  name?: string;
  /** The media type when the provider's `Content-Type` says nothing (taken from the name's extension). */
  mediaType?: string;
}

/**
 * A connector turns a `url` source it recognizes (a share link of a storage provider) into the file
 * it shares, before the engine reads it. It runs in source acquisition, ahead of the plain download.
 */
export interface Connector {
  readonly manifest: PluginManifest;
  health(): Promise<PluginHealth>;
  /** Whether this URL is one of the connector's links (cheap, no I/O). */
  recognizes(url: URL): boolean;
  /** Downloads the shared file; a link that is not public fails with `source_blocked`. */
  resolve(url: URL, ctx: ConnectorContext): Promise<ResolvedShare>;
  close?(): Promise<void>;
}

export type Plugin = SourceAdapter | OutputRenderer | Connector;

/** Guard: is this plugin a source adapter? */
export function isSourceAdapter(plugin: Plugin): plugin is SourceAdapter {
  return plugin.manifest.kind === 'source_adapter';
}

/** Guard: is this plugin a connector? */
export function isConnector(plugin: Plugin): plugin is Connector {
  return plugin.manifest.kind === 'connector';
}

/** Guard: is this plugin an output renderer? */
export function isOutputRenderer(plugin: Plugin): plugin is OutputRenderer {
  return plugin.manifest.kind === 'output_renderer';
}
