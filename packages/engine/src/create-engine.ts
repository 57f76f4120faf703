import type { Engine, EngineOptions, OutputRequest, RunOptions } from './engine-types.js';
import { createOpenAiEnrichmentProvider } from './enrichment/create-openai-enrichment-provider.js';
import type { EnrichmentProvider } from './enrichment/enrichment-provider.js';
import { NEVER_ABORTED, checkAborted } from './internal/abort.js';
import { describeCapabilities } from './internal/describe-capabilities.js';
import { assertOutputRequest } from './pipeline/assert-output-request.js';
import { inspectSourceFile } from './pipeline/inspect-source-file.js';
import type { PipelineContext } from './pipeline/pipeline-context.js';
import { createPluginRegistry, type PluginRegistry } from './internal/plugin-registry.js';
import { createCpuRunner, type CpuRunner } from './cpu/cpu-runner.js';
import { createProgressTracker } from './internal/progress-tracker.js';
import { loadLatestCheckpoint, runPrepare } from './pipeline/run-prepare.js';
import { resolveArtifactDir, runRender } from './pipeline/run-render.js';
import { runTask } from './pipeline/run-task.js';
import { createRunRecorder, type RunRecorder } from './internal/usage-meter.js';
import { createScratchDir } from './internal/work-dir.js';
import { readsAsText, toCanonicalMediaType } from './media-types.js';

interface RunScope {
  ctx: PipelineContext;
  dispose(): Promise<void>;
}

interface EngineParts {
  registry: PluginRegistry;
  options: EngineOptions;
  cpu: CpuRunner;
}

function openRun(parts: EngineParts, run: RunOptions, recorder: RunRecorder): RunScope {
  const signal = run.signal ?? NEVER_ABORTED;
  checkAborted(signal);
  const scratch = createScratchDir(run.workDir);
  const ctx: PipelineContext = {
    signal,
    progress: createProgressTracker(run.onProgress),
    recorder,
    get scratchDir() {
      return scratch.path;
    },
    ...parts,
  };
  return { ctx, dispose: () => scratch.dispose() };
}

function supportsMediaType(registry: PluginRegistry, mediaType: string): boolean {
  const canonical = toCanonicalMediaType(mediaType);
  return readsAsText(canonical) || registry.mayReadMediaType(canonical);
}

/**
 * Creates a conversion engine. Plugins are validated once (definePlugin manifests, SDK version,
 * unique ids) and frozen; plugin loaders are imported and validated the first time an input needs
 * them. The engine is stateless across calls and safe to share.
 *
 * @example
 * const engine = createEngine({ plugins: [createDatasetRenderer()] });
 * const { artifacts } = await engine.convert(
 *   { type: 'text', content: '# Notes\n\nHello.' },
 *   { profile: 'raw_source', format: 'markdown', language: 'en', includeRawSource: false },
 * );
 */
export function createEngine(options: EngineOptions = {}): Engine {
  const registry = createPluginRegistry(options.plugins ?? [], options.limits);
  const settings: EngineOptions = Object.freeze({ ...options });
  const enrichment: EnrichmentProvider | undefined = options.enrichment
    ? createOpenAiEnrichmentProvider(options.enrichment)
    : undefined;
  const parts: EngineParts = { registry, options: settings, cpu: createCpuRunner(options.cpuWorkers) };

  const engine: Engine = {
    async prepare(source, run = {}) {
      const checkpoint = await loadLatestCheckpoint(run.checkpoints);
      const scope = openRun(parts, run, createRunRecorder(checkpoint));
      try {
        return await runPrepare(source, scope.ctx, run.checkpoints, checkpoint, run.tasks);
      } finally {
        await scope.dispose();
      }
    },
    async render(document, output: OutputRequest, run = {}) {
      assertOutputRequest(output);
      const scope = openRun(parts, run, createRunRecorder());
      const directory = await resolveArtifactDir(run.workDir);
      try {
        return await runRender(document, output, scope.ctx, {
          directory,
          originals: run.originals ?? [],
          enrichment,
        });
      } finally {
        await scope.dispose();
      }
    },
    async convert(source, output, run = {}) {
      // Checked before prepare too, so a wrong request fails before the source is read.
      assertOutputRequest(output);
      const prepared = await engine.prepare(source, run);
      const { checkpoints: _checkpoints, onProgress, ...rest } = run;
      const renderRun: RunOptions = { ...rest };
      if (onProgress) {
        let last = 0;
        renderRun.onProgress = (progress) => {
          last = Math.max(last, progress.percent);
          onProgress({ ...progress, percent: last });
        };
      }
      const rendered = await engine.render(prepared.document, output, renderRun);
      const usage = { ...prepared.usage };
      for (const [unit, quantity] of Object.entries(rendered.usage)) {
        usage[unit as keyof typeof usage] = (usage[unit as keyof typeof usage] ?? 0) + (quantity ?? 0);
      }
      const warnings = [
        ...prepared.warnings,
        ...rendered.warnings.filter((warning) => !prepared.warnings.includes(warning)),
      ];
      return { document: prepared.document, artifacts: rendered.artifacts, warnings, usage };
    },
    async runTask(source, task, run = {}) {
      const scope = openRun(parts, run, createRunRecorder());
      try {
        return await runTask(source, task, scope.ctx);
      } finally {
        await scope.dispose();
      }
    },
    inspectFile: (file, signal = NEVER_ABORTED) => inspectSourceFile(registry, file, signal),
    supportsMediaType: (mediaType) => supportsMediaType(registry, mediaType),
    capabilities: () => describeCapabilities(registry, options.surfaces ?? []),
    async close() {
      await Promise.all([parts.cpu.close(), ...registry.loaded().map(async (plugin) => plugin.close?.())]);
    },
  };
  return Object.freeze(engine);
}
