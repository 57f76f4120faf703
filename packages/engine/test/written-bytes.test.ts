import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine, writtenBytes } from '../src/index.js';
import { MARKDOWN, createTestRenderer } from './helpers.js';

describe('writtenBytes', () => {
  const engine = createEngine({ plugins: [createTestRenderer()] });

  it("answers the bytes of a markdown artifact the engine wrote, only for the render's own object", async () => {
    const { document } = await engine.prepare({ type: 'text', content: 'Hello. A small text job.' });
    const [artifact] = (await engine.render(document, MARKDOWN)).artifacts;
    if (artifact === undefined) throw new Error('no artifact');
    const bytes = writtenBytes(artifact);
    expect(bytes).toBeDefined();
    expect(Buffer.from(bytes ?? new Uint8Array())).toEqual(readFileSync(artifact.path));
    // A copy (the result sent elsewhere) vouches for nothing; the result itself stays plain data.
    expect(writtenBytes({ ...artifact })).toBeUndefined();
    expect(Object.keys(artifact).sort()).toEqual(['mediaType', 'name', 'path', 'sha256', 'sizeBytes']);
  });

  it("answers nothing for a renderer plugin's artifact: a plugin cannot vouch for its file", async () => {
    const { document } = await engine.prepare({ type: 'text', content: 'Hello. A small text job.' });
    const { artifacts } = await engine.render(document, {
      ...MARKDOWN,
      profile: 'dataset_markdown',
      format: 'jsonl',
    });
    expect(artifacts).toHaveLength(1);
    for (const artifact of artifacts) expect(writtenBytes(artifact)).toBeUndefined();
  });
});
