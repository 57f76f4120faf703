import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { WorkerOptions } from 'node:worker_threads';

/** The tsx loader's API module, found from the calling module (only needed for `.ts` sources). */
function tsxApi(base: string): string {
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    return pathToFileURL(createRequire(base).resolve('tsx/esm/api')).href;
  }
}

/**
 * How to start a worker script that sits next to the calling module (`base` is its
 * `import.meta.url`). Built `.js` runs as is: the script is `./<name>.js`, so a tsup build must
 * emit it as an entry of its own beside the module that starts it. A `.ts` source (development,
 * tests) runs through a small bootstrap that registers tsx first: `execArgv: ['--import', 'tsx']`
 * is not honoured by worker threads on Node 20.
 *
 * @example
 * const { script, options } = toWorkerScript('pdf-worker', import.meta.url);
 * const worker = new Worker(script, { ...options, resourceLimits: { maxOldGenerationSizeMb: 512 } });
 */
export function toWorkerScript(name: string, base: string): { script: string | URL; options: WorkerOptions } {
  if (!base.endsWith('.ts')) return { script: new URL(`./${name}.js`, base), options: {} };
  const url = new URL(`./${name}.ts`, base).href;
  const bootstrap = `import(${JSON.stringify(tsxApi(base))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); });`;
  return { script: bootstrap, options: { eval: true, execArgv: ['--conditions=development'] } };
}
