import { describe, expect, it } from 'vitest';
import { markupTextCharacters } from './markup-text.js';

describe('markupTextCharacters', () => {
  it('counts the letters and digits between tags', () => {
    expect(markupTextCharacters('<div class="post"><p>Hot card, 1440p</p></div>')).toBe(
      'Hotcard1440p'.length,
    );
  });

  it("leaves out scripts, styles, comments and the tags' attributes", () => {
    const html =
      '<script>var posts = ["hidden"];</script><style>.post { color: red }</style>' +
      '<!-- a note --><a title="Tooltip words" href="/x">Seen</a>';
    expect(markupTextCharacters(html)).toBe('Seen'.length);
  });

  it('counts the text behind an unclosed <![CDATA[ in a body, which a DOM may hide', () => {
    expect(markupTextCharacters('<body><div><![CDATA[<p>Thread text</p></div></body>')).toBe(
      'Threadtext'.length,
    );
  });
});
