import { defineConfig } from 'tsup';

export default defineConfig({
  // The parsing worker is an entry of its own: it is started as dist/parse-worker.js next to dist/index.js.
  entry: { index: 'src/index.ts', 'parse-worker': 'src/internal/parse-worker.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node24',
});
