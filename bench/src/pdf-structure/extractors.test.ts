import type { List, ListItem } from 'mdast';
import { describe, expect, it } from 'vitest';
import { markdownByPage } from './extractors.js';

const item = (text: string, page: number): ListItem => ({
  type: 'listItem',
  spread: false,
  children: [{ type: 'paragraph', children: [{ type: 'text', value: text }] }],
  data: { provenance: { page } },
});

describe('markdownByPage', () => {
  it("writes a list running over a page break on its items' pages, numbered on", () => {
    const list: List = {
      type: 'list',
      ordered: true,
      spread: false,
      start: 3,
      children: [item('third', 7), item('fourth', 7), item('fifth', 8)],
      data: { provenance: { page: 7 } },
    };
    const pages = markdownByPage({ children: [list] });
    expect(pages.get(7)).toBe('3. third\n4. fourth\n');
    expect(pages.get(8)).toBe('5. fifth\n');
  });
});
