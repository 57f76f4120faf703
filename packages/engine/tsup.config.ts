import { defineConfig } from 'tsup';

export default defineConfig({
  // The CPU worker is an entry of its own: the pool starts it as dist/cpu-worker.js next to dist/index.js.
  entry: { index: 'src/index.ts', net: 'src/net.ts', 'cpu-worker': 'src/cpu/cpu-worker.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts', net: 'src/net.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node24',
});
