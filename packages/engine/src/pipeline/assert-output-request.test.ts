import { describe, expect, it } from 'vitest';
import { createEngine } from '../create-engine.js';
import type { OutputRequest } from '../engine-types.js';

describe('an output request a JavaScript caller got wrong', () => {
  it('is refused with validation_failed naming language when language is missing', async () => {
    const engine = createEngine();
    const output = { profile: 'raw_source', format: 'markdown', includeRawSource: false };
    await expect(
      engine.convert({ type: 'text', content: '# Notes\n\nHello.' }, output as unknown as OutputRequest),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('output.language'),
    });
    await engine.close();
  });

  it('is refused with validation_failed naming the profile when it is unknown', async () => {
    const engine = createEngine();
    const output = { profile: 'summary', format: 'markdown', language: 'en', includeRawSource: false };
    await expect(
      engine.convert({ type: 'text', content: 'Hello.' }, output as unknown as OutputRequest),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('output.profile'),
    });
    await engine.close();
  });
});
