import { describe, expect, it } from 'vitest';
import { readEml } from '../src/mail/read-eml.js';
import { markdownOf } from './support/markdown-of.js';
import { readBytes } from './support/read-bytes.js';

// An HTML e-mail whose data table has cells holding paragraphs, a list and a nested table, as
// mail clients write them.
const HTML =
  '<html><body><p>The schedule:</p><table><thead><tr><th>Day</th><th>Plan</th></tr></thead><tbody>' +
  '<tr><td><p>Monday</p><p>morning</p></td><td><ul><li>Check the queen</li><li>Add a super</li></ul></td></tr>' +
  '<tr><td>Tuesday</td><td><p>Weigh:</p><table><tr><td>North</td><td>14 kg</td></tr><tr><td>South</td><td>26 kg</td></tr></table></td></tr>' +
  '</tbody></table><p>Thanks,<br>Ana</p></body></html>';

const MESSAGE = [
  'From: Ana <ana@example.com>',
  'To: Bo <bo@example.com>',
  'Subject: Week plan',
  'MIME-Version: 1.0',
  'Content-Type: text/html; charset=UTF-8',
  '',
  HTML,
  '',
].join('\r\n');

describe('HTML table cells holding blocks', () => {
  it('keeps paragraphs, list items and a nested table apart as <br> lines in one GFM row', async () => {
    const markdown = markdownOf((await readBytes(readEml, MESSAGE, 'm.eml', 'message/rfc822')).document.root);
    expect(markdown).toContain('| Monday<br>morning | - Check the queen<br>- Add a super');
    expect(markdown).toContain('| Tuesday           | Weigh:<br>North · 14 kg<br>South · 26 kg');
    expect(markdown).not.toContain('Mondaymorning');
    expect(markdown).toContain('Thanks,\\\nAna');
  });
});
