import type {
  CapabilityPlugin,
  JobStage,
  OutputFormat,
  OutputProfile,
  Surface,
  UsageUnit,
} from '@transmute/contract';
import type {
  Artifact,
  FileInspection,
  NormalizedDocument,
  Plugin,
  PluginLoader,
  SourceFile,
} from '@transmute/plugin-sdk';

/** The source of a conversion, camelCased from the wire `Source`; files are already on local disk. */
export type ConvertSource =
  | { type: 'text'; content: string; title?: string; sourceUrl?: string }
  | {
      type: 'url';
      url: string;
      allowAudioTranscription?: boolean;
      preferredLanguage?: string;
    }
  | { type: 'files'; files: SourceFile[] };

/** The output to render (wire `output` with defaults applied). */
export interface OutputRequest {
  profile: OutputProfile;
  format: OutputFormat;
  language: string;
  includeRawSource: boolean;
}

/** Progress as the pipeline reports it. `percent` is the whole job's, monotonic. */
export interface PipelineProgress {
  stage: JobStage;
  percent: number;
  detail: string | null;
}

/** Where the pipeline keeps per-stage checkpoints so a restarted job resumes (the service backs it with blobs). */
export interface CheckpointStore {
  load(stage: JobStage): Promise<unknown>;
  save(stage: JobStage, state: unknown): Promise<void>;
}

/**
 * One unit of extraction work: file `file` (its index in the source) read whole, or the pages
 * `pages` of it (a long PDF split into page ranges).
 */
export interface ExtractionTask {
  file: number;
  pages?: { first: number; last: number };
}

/** What a task yields: its JSON output, and the warnings and usage of its run. */
export interface ExtractionTaskResult {
  output: unknown;
  warnings: string[];
  usage: UsageQuantities;
}

/**
 * Where the extraction tasks of a prepare run (the service's workers). `run` answers the tasks'
 * results in the tasks' order; it may run some with {@link Engine.runTask} itself.
 */
export interface TaskRunner {
  /** Pages per task of a long document (the split). */
  readonly pagesPerTask: number;
  /** `progress` is told how many tasks are done whenever one more is. */
  run(tasks: readonly ExtractionTask[], progress: (done: number) => void): Promise<ExtractionTaskResult[]>;
}

/** Usage measured while running: quantities per unit. */
export type UsageQuantities = Partial<Record<UsageUnit, number>>;

export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (progress: PipelineProgress) => void;
  /** Scratch directory; a fresh temporary one is created (and removed) when omitted. */
  workDir?: string;
  checkpoints?: CheckpointStore;
  /**
   * Runs the extraction tasks of a `files` source elsewhere (other workers); without it they run
   * here, one after another. Either way the same tasks are merged the same way.
   */
  tasks?: TaskRunner;
}

/** Result of {@link Engine.prepare}: the normalized document, ready for any number of outputs. */
export interface PrepareResult {
  document: NormalizedDocument;
  warnings: string[];
  usage: UsageQuantities;
}

/** Result of {@link Engine.render} and {@link Engine.convert}. */
export interface RenderResult {
  /** Artifacts in order; the first is the primary one (the one getOutputContent pages through). */
  artifacts: Artifact[];
  warnings: string[];
  usage: UsageQuantities;
}

export interface ConvertResult extends RenderResult {
  document: NormalizedDocument;
}

/** An OpenAI-compatible chat endpoint used to enrich profiles; optional. */
export interface EnrichmentProviderOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

/** Worker threads for the engine's own CPU stages (see {@link EngineOptions.cpuWorkers}). */
export interface CpuWorkerOptions {
  /** Threads of the pool; default 1 per spare core, at most 2. */
  threads?: number;
  /** Inputs with fewer characters run in the calling thread (the hop costs more); default 200 000. */
  minCharacters?: number;
}

/** Options of {@link createEngine}. */
export interface EngineOptions {
  /**
   * Plugins, and plugin loaders (`definePluginLoader`) whose modules are imported the first time an
   * input needs them: a file of a media type they declare, a format they render, a URL (connectors).
   */
  plugins?: readonly (Plugin | PluginLoader)[];
  enrichment?: EnrichmentProviderOptions;
  /** Allow URL sources to reach private networks (development only). */
  allowPrivateNetworks?: boolean;
  /** Private addresses URL sources may reach one by one (an internal service), all else refused. */
  allowedAddresses?: readonly string[];
  /** Per-plugin limit overrides, by plugin id. */
  limits?: Record<string, Record<string, number>>;
  /**
   * Chunking defaults. `lazy: true` leaves chunking out of prepare: a document's `chunks` are
   * computed when first read (by a profile that uses them), so a caller that renders once and asks
   * for a profile without chunks (`raw_source`, `source_summary`) never loads the tokenizer. Keep
   * the default (false) where a prepared document is stored or rendered many times.
   */
  chunking?: { maxTokens?: number; overlapTokens?: number; lazy?: boolean };
  /**
   * How far files embedded in a source (e-mail attachments) are read as child documents: nesting
   * depth (an e-mail attached to an e-mail…; default 3) and how many in one job (default 100).
   */
  attachments?: { maxDepth?: number; maxPerJob?: number };
  /**
   * Given, the engine's pure CPU stages of a large input (text parsing, normalization, chunking,
   * built-in profile rendering without an enrichment provider) run in a small pool of worker
   * threads so a conversion never blocks the caller's event loop for long; results are identical.
   * A server wants this (`transmute serve` turns it on); a script does not: the hop costs a second
   * V8 heap (about +70 MB peak for a 2 M-character input on Node 24, the workers' young generation
   * bounded to 48 MB) and worker start-up time. Plugins always run in the calling thread. Default
   * (or `false`): everything in the calling thread, whose young generation is the host process's
   * (V8's default, or `--max-semi-space-size`).
   */
  cpuWorkers?: CpuWorkerOptions | false;
  /**
   * The surfaces this installation really offers (CONTRACT §12), reported for every plugin in
   * capabilities: a fact of the installation, never of a plugin. `api` is always included; the
   * default is `['api']`. `transmute serve` passes what it ships (its `SERVED_SURFACES`).
   */
  surfaces?: readonly Surface[];
  /**
   * Pages per extraction task when no task runner says otherwise (default
   * {@link DEFAULT_PAGES_PER_TASK}); a paged document with more pages is read in ranges.
   */
  pagesPerTask?: number;
}

/** What the engine can do, for getCapabilities. */
export interface EngineCapabilities {
  plugins: CapabilityPlugin[];
  /** Media types that uploaded files may have (built-in text types + healthy source adapters). */
  fileMediaTypes: string[];
  /** The surfaces this installation offers (CONTRACT §12), as every plugin entry lists them. */
  surfaces: Surface[];
  /** Languages outputs can be labelled in. */
  languages: string[];
  outputFormats: OutputFormat[];
}

/** The conversion engine: stateless across calls, safe to share. */
export interface Engine {
  /** Acquisition → scanning → extraction → transcription → normalization → chunking. */
  prepare(source: ConvertSource, options?: RunOptions): Promise<PrepareResult>;
  /** Enrichment → rendering → packaging, from a prepared document (never acquires again). */
  render(
    document: NormalizedDocument,
    output: OutputRequest,
    options?: RunOptions & { originals?: SourceFile[] },
  ): Promise<RenderResult>;
  /** prepare + render. */
  convert(source: ConvertSource, output: OutputRequest, options?: RunOptions): Promise<ConvertResult>;
  /** Cheap upload-validation checks: magic-byte sniffing against the declared type, then the plugin's inspect(). */
  /**
   * Runs one extraction task of a `files` source (on any worker: the result is JSON), for a
   * {@link TaskRunner} that spreads a prepare's tasks.
   */
  runTask(
    source: Extract<ConvertSource, { type: 'files' }>,
    task: ExtractionTask,
    options?: RunOptions,
  ): Promise<ExtractionTaskResult>;
  inspectFile(file: SourceFile, signal?: AbortSignal): Promise<FileInspection>;
  /** Whether some source (built-in or plugin) reads this media type. */
  supportsMediaType(mediaType: string): boolean;
  capabilities(): Promise<EngineCapabilities>;
  close(): Promise<void>;
}
