import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPdfjs, pdfjsWorker } from './pdfjs-loader.js';

const paper = resolve(import.meta.dirname, '../../../../../shared/corpora/pdf/tracemonkey.pdf');

/** Page 1's text items and operators, read through `worker` or pdf.js's own fake worker. */
async function readPage(worker?: Awaited<ReturnType<typeof pdfjsWorker>>) {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(readFileSync(paper)),
    verbosity: 0,
    ...(worker === undefined ? {} : { worker }),
  });
  try {
    const page = await (await task.promise).getPage(1);
    const text = await page.getTextContent();
    const operators = await page.getOperatorList();
    // Font ids name their document ("g_d3_f1"): each read is a document of its own.
    const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replace(/_d\d+_/g, '_d_'));
    return { items: json(text.items), fnArray: [...operators.fnArray], argsArray: json(operators.argsArray) };
  } finally {
    await task.destroy();
  }
}

describe('SameThreadPort', () => {
  it('gives the text and operators pdf.js gives through its own cloning port (tracemonkey page 1)', async () => {
    const own = await readPage();
    const shared = await readPage(await pdfjsWorker());
    expect((shared.items as unknown[]).length).toBeGreaterThan(100);
    expect(shared.items).toEqual(own.items);
    expect(shared.fnArray).toEqual(own.fnArray);
    expect(shared.argsArray).toEqual(own.argsArray);
  });

  it('serves document after document on one worker side, dropping each one’s listeners', async () => {
    const worker = await pdfjsWorker();
    // The port's listeners, read here only to count them.
    const port = worker.port as unknown as { listeners: Set<unknown> };
    await readPage(worker);
    const listening = port.listeners.size;
    for (let round = 0; round < 3; round += 1) await readPage(worker);
    expect(port.listeners.size).toBe(listening);
    expect(worker.destroyed).toBe(false);
  });
});
