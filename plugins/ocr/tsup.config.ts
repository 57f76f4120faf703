import { defineConfig } from 'tsup';

export default defineConfig({
  // The pdf.js worker is its own entry: the pool starts dist/pdf-worker.js next to dist/index.js.
  entry: { index: 'src/index.ts', 'pdf-worker': 'src/internal/pdf-worker.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'node20',
});
