import type { Engine, EngineCapabilities } from '../kernel/engine.js';

const cache = new WeakMap<Engine, { at: number; value: Promise<EngineCapabilities> }>();
const TTL_MS = 30_000;

/** The engine's capabilities, cached briefly (plugin health checks may spawn binaries). */
export function engineCapabilities(engine: Engine): Promise<EngineCapabilities> {
  const hit = cache.get(engine);
  const now = Date.now();
  if (hit !== undefined && now - hit.at < TTL_MS) return hit.value;
  const value = engine.capabilities();
  cache.set(engine, { at: now, value });
  value.catch(() => cache.delete(engine));
  return value;
}
