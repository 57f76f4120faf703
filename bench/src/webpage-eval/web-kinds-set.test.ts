import { describe, expect, it } from 'vitest';
import { loadWebKindsSet, WEB_KINDS, webKindsSplitOf } from './web-kinds-set.js';

describe('../shared/corpora/web-kinds', () => {
  const pages = loadWebKindsSet();

  it('loads the pages with a ground truth, of the six kinds, each with its HTML', () => {
    // 614 pages, 15 of which have an empty main_content.
    expect(pages.length).toBe(599);
    expect(new Set(pages.map((page) => page.kind))).toEqual(new Set(WEB_KINDS));
    for (const page of pages) {
      expect(page.mainContent.trim(), page.id).not.toBe('');
      expect(page.sizeBytes, page.id).toBeGreaterThan(0);
    }
  });

  it('holds out about 30 % of each kind, the same pages on every run', () => {
    for (const kind of WEB_KINDS) {
      const ofKind = pages.filter((page) => page.kind === kind);
      const share = ofKind.filter((page) => page.split === 'held-out').length / ofKind.length;
      expect(share, kind).toBeGreaterThan(0.18);
      expect(share, kind).toBeLessThan(0.42);
    }
    expect(pages.map((page) => webKindsSplitOf(page.id))).toEqual(pages.map((page) => page.split));
    expect(webKindsSplitOf('0021')).toBe(webKindsSplitOf('0021'));
  });
});
