import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputProfile } from '@transmute/contract';
import { createEngine } from '@transmute/engine';
import type { OutputRenderer, RenderRequest, SourceFile } from '@transmute/plugin-sdk';
import { describeOutputRenderer } from '@transmute/plugin-sdk/testing';
import { createDatasetRenderer } from '../src/index.js';
import { TEXT_FIXTURES } from './render-text-case.js';

function inputOf(fixture: string, input: string, mediaType: string): SourceFile {
  const path = join(TEXT_FIXTURES, fixture, input);
  return { name: input, mediaType, sizeBytes: statSync(path).size, path };
}

const CSV = inputOf('csv-dataset', 'input.csv', 'text/csv');
const ARTICLE = inputOf('markdown-article', 'input.md', 'text/markdown');

/**
 * The request the engine hands the dataset renderer for a fixture: the engine prepares and
 * renders it with a stand-in that only keeps the request (the suite then renders it for real).
 */
async function requestFor(
  file: SourceFile,
  output: { profile: OutputProfile; format: 'jsonl' | 'zip'; includeRawSource?: boolean },
): Promise<RenderRequest> {
  let captured: RenderRequest | undefined;
  const { manifest, health } = createDatasetRenderer();
  const standIn: OutputRenderer = {
    manifest,
    health,
    render: async (request) => {
      captured = request;
      return [];
    },
  };
  const engine = createEngine({ plugins: [standIn] });
  try {
    const { document } = await engine.prepare({ type: 'files', files: [file] });
    const includeRawSource = output.includeRawSource ?? false;
    await engine.render(
      document,
      { profile: output.profile, format: output.format, language: 'en', includeRawSource },
      { originals: [file] },
    );
  } finally {
    await engine.close();
  }
  if (captured === undefined) throw new Error('The engine did not call the renderer.');
  return captured;
}

describeOutputRenderer('renderer.dataset_artifacts', {
  create: () => createDatasetRenderer(),
  cases: [
    {
      name: 'a CSV dataset as JSONL records',
      request: () => requestFor(CSV, { profile: 'dataset_markdown', format: 'jsonl' }),
    },
    {
      name: 'a CSV dataset as a zip of its files',
      request: () => requestFor(CSV, { profile: 'dataset_markdown', format: 'zip' }),
    },
    {
      name: 'an article summary as a zip with the original',
      request: () =>
        requestFor(ARTICLE, { profile: 'source_summary', format: 'zip', includeRawSource: true }),
    },
    {
      name: 'more records than maximum_records (refused)',
      request: () => requestFor(CSV, { profile: 'dataset_markdown', format: 'jsonl' }),
      limits: { maximum_records: 1 },
      expectFailure: 'limit_exceeded',
    },
    {
      name: 'a zip over maximum_archive_bytes (refused)',
      request: () => requestFor(ARTICLE, { profile: 'raw_source', format: 'zip' }),
      limits: { maximum_archive_bytes: 64 },
      expectFailure: 'limit_exceeded',
    },
  ],
});
