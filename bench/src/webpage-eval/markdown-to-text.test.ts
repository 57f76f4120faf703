import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './markdown-to-text.js';

describe('markdownToPlainText', () => {
  it('drops markdown syntax and keeps each block on a line of its own', () => {
    const markdown = [
      '# A *big* title',
      '',
      'A [linked](https://example.com/x "t") word and `code`, **bold**.',
      '',
      '- first item',
      '- second item',
      '',
      '> quoted line',
      '',
      '| h1 | h2 |',
      '| --- | --- |',
      '| c1 | c2 |',
      '',
      '```js',
      'const x = 1;',
      '```',
      '',
      '![alt words](https://example.com/a.png) after<br>html',
    ].join('\n');
    expect(markdownToPlainText(markdown).split('\n').filter(Boolean)).toEqual([
      'A big title',
      'A linked word and code, bold.',
      'first item',
      'second item',
      'quoted line',
      'h1 h2 ',
      'c1 c2 ',
      'const x = 1;',
      'alt words after html',
    ]);
  });

  it('never runs two paragraphs together', () => {
    expect(markdownToPlainText('end.\n\nStart')).toBe('end.\n\nStart');
  });
});
