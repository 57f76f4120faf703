import { describe, expect, it } from 'vitest';
import { articleElement, toMarkdown } from '../../test/golden.js';
import { toMdast } from './to-mdast.js';

function convert(html: string): string {
  return toMarkdown(toMdast(articleElement(html), { baseUrl: 'https://forum.example/', region: true }));
}

const POST =
  '<div id="post_message_1"><p>Encode the source with the slow preset first, then compare both files frame by frame.</p>' +
  '<p>The second pass only helps when the bitrate is fixed; with a constant quality it changes nothing.</p></div>';

describe("a forum template's frame drawn as small tables (vBulletin)", () => {
  it('drops its log-in box, thread tools and posting rules, and keeps the post', () => {
    const markdown = convert(
      '<table><tr><td>User Name</td><td><input name="u"></td><td>Remember Me?</td></tr>' +
        '<tr><td>Password</td><td><input type="password"></td><td>Log in</td></tr></table>' +
        '<table><tr><td><a href="#tools">Thread Tools</a></td><td><a href="#modes">Display Modes</a></td></tr></table>' +
        POST +
        '<table><thead><tr><td>Posting Rules</td></tr></thead><tbody><tr><td><div>' +
        '<div>You <strong>may not</strong> post new threads</div><div>You <strong>may not</strong> post replies</div>' +
        '<div>You <strong>may not</strong> post attachments</div><div>You <strong>may not</strong> edit your posts</div>' +
        '<div><a href="/bbcode">BB code</a> is <strong>On</strong></div><div><a href="/smilies">Smilies</a> are <strong>On</strong></div>' +
        '<div>HTML code is <strong>Off</strong></div><div><a href="/rules">Forum Rules</a></div></div></td></tr></tbody></table>',
    );
    expect(markdown).toContain('slow preset first');
    expect(markdown).toContain('constant quality');
    for (const chrome of [
      'User Name',
      'Remember Me',
      'Thread Tools',
      'Posting Rules',
      'post replies',
      'Smilies',
      'Forum Rules',
    ])
      expect(markdown).not.toContain(chrome);
  });

  it('keeps a data table whose cells say more than labels, even beside a log-in label', () => {
    const markdown = convert(
      POST +
        '<table><tr><th>Field</th><th>Meaning</th></tr><tr><td>Password</td><td>The key the encoder signs the stream with.</td></tr>' +
        '<tr><td>Register</td><td>Which of the 16 registers holds the frame count.</td></tr></table>',
    );
    expect(markdown).toContain('Password');
    expect(markdown).toContain('signs the stream with');
    expect(markdown).toContain('16 registers');
  });

  it('keeps a data table of numbers and single letters, which no wording marks as a frame', () => {
    const markdown = convert(
      '<table><tr><th>Size</th><th>A</th></tr><tr><td>1</td><td>12</td></tr></table>' + POST,
    );
    expect(markdown).toMatch(/^\| Size +\| A +\|$/m);
    expect(
      convert('<table><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>' + POST),
    ).toContain('| 1 | 2 |');
  });
});
