import type { ResourceLimits } from 'node:worker_threads';

/**
 * Each worker thread's young generation (V8's three semi-spaces), in MB: 48 (16 MB semi-spaces) is
 * what Node 20 chose by default on the project's machines. Node 22+ derives it from the heap limit
 * and chooses 192, so a worker lets up to 144 MB more short-lived garbage pile up before each
 * scavenge: +70-90 MB peak RSS per busy thread. Parse, layout and render garbage dies young at
 * either size, so the bound costs no measurable time (docs/TOOLCHAIN.md, "Young generation").
 */
const WORKER_YOUNG_GENERATION_MB = 48;

/**
 * The `resourceLimits` every worker thread of Transmute and its plugins starts with: the bounded
 * young generation above, plus the caller's own limits (usually `maxOldGenerationSizeMb`).
 *
 * @example
 * const worker = new Worker(script, { ...options, resourceLimits: workerResourceLimits({ maxOldGenerationSizeMb: 512 }) });
 */
export function workerResourceLimits(limits: ResourceLimits = {}): ResourceLimits {
  return { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB, ...limits };
}
