import { describe, expect, it } from 'vitest';
import { articleElement, toMarkdown } from '../../test/golden.js';
import { toMdast } from './to-mdast.js';

function convert(html: string): string {
  return toMarkdown(toMdast(articleElement(html), { baseUrl: 'https://shop.example/' }));
}

const BLUR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABQAAAAPCAYAAADkmO9VAAAACXBIWXMAAAsTAAALEwEAmpwYAAAA';
const SIZED_SVG =
  'data:image/svg+xml,%3Csvg%20xmlns%3D%27http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%27%20width%3D%27300%27%3E%3C%2Fsvg%3E';

describe('an image drawn by a placeholder', () => {
  it('takes the address its lazy-loading attributes or srcset hold', () => {
    expect(convert(`<p><img src="${SIZED_SVG}" data-src="/img/handshake.jpg" alt="Handshake"></p>`)).toBe(
      '![Handshake](https://shop.example/img/handshake.jpg)\n',
    );
    expect(
      convert(`<p><img src="${BLUR}" srcset="/a-300.jpg 300w, /a-600.jpg 600w" alt="A chart"></p>`),
    ).toBe('![A chart](https://shop.example/a-300.jpg)\n');
    expect(convert('<p><img data-lazy-src="/b.png" alt="B"></p>')).toBe('![B](https://shop.example/b.png)\n');
  });

  it('is dropped when it has no address and no alt text, and keeps its alt text otherwise', () => {
    expect(convert(`<p>Trusted by teams<img src="${BLUR}" alt=""><img src="${SIZED_SVG}"></p>`)).toBe(
      'Trusted by teams\n',
    );
    expect(convert(`<p><img src="${BLUR}" alt="A design canvas"></p>`)).toContain(
      '![A design canvas](data:image/png',
    );
    // A real image, and an inline one that is the picture itself, stay as they are.
    expect(convert('<p><img src="/logo.png" alt=""></p>')).toBe('![](https://shop.example/logo.png)\n');
  });
});
