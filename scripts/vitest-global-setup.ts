import { ensureConsoleBuilt } from './ensure-console-built.js';

/** Once per `vitest run`: what tests serve must exist, also on a clean clone without `pnpm build`. */
export default function setup(): void {
  ensureConsoleBuilt();
}
