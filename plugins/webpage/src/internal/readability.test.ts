import { readFile } from 'node:fs/promises';
import { Readability } from '@mozilla/readability';
import { describe, expect, it } from 'vitest';
import { listFixtures } from '../../test/golden.js';
import { decodeHtml } from './decode-html.js';
import { loadDom } from './load-dom.js';
import { readWithReadability } from './readability.js';

describe('readWithReadability', () => {
  it("reads every fixture page exactly as Readability's own byline check does", async () => {
    for (const fixture of await listFixtures()) {
      const html = decodeHtml(await readFile(fixture.input));
      const ours = readWithReadability(await loadDom(html, 'linkedom', fixture.url));
      const reference = new Readability(await loadDom(html, 'linkedom', fixture.url), {
        keepClasses: true,
      }).parse();
      expect(ours, fixture.name).toEqual(reference);
    }
  });

  it('finds a byline named by its class, and none in an element of 100 characters or more', async () => {
    const body =
      '<p>' + 'The harbour authority approved the plan after two years of hearings. '.repeat(12) + '</p>';
    const page = (byline: string) =>
      `<html><head><title>Docks</title></head><body><article><div class="byline">${byline}</div>${body}</article></body></html>`;
    expect(readWithReadability(await loadDom(page('Ann Smith'), 'linkedom', undefined))?.byline).toBe(
      'Ann Smith',
    );
    const long = 'Ann Smith '.repeat(12);
    expect(readWithReadability(await loadDom(page(long), 'linkedom', undefined))?.byline).toBeNull();
  });
});
