import { describe, expect, it } from 'vitest';
import { loadDom, onJsdomLoaded } from './load-dom.js';

describe('loadDom with jsdom', () => {
  it('says once, when jsdom is first loaded in this thread, that its loading is over', async () => {
    let loaded = 0;
    onJsdomLoaded(() => (loaded += 1));
    const html = '<html><body><h1>Hives</h1><p>Each hive is checked in spring.</p></body></html>';
    const first = await loadDom(html, 'jsdom', undefined);
    const second = await loadDom(html, 'jsdom', undefined);
    expect(loaded).toBe(1);
    expect(first.querySelector('p')?.textContent).toBe('Each hive is checked in spring.');
    expect(second.querySelector('h1')?.textContent).toBe('Hives');
  });
});
