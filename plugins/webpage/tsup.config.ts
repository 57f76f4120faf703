import { defineConfig } from 'tsup';

export default defineConfig({
  // The worker is its own entry so dist/internal/extract-worker.js sits where index.js looks for it.
  entry: { index: 'src/index.ts', 'internal/extract-worker': 'src/internal/extract-worker.ts' },
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  clean: true,
  sourcemap: true,
  target: 'node24',
});
