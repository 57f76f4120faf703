import type { Element, ElementContent } from 'hast';
import { isBoilerplateLine, wordsOf } from './boilerplate-patterns.js';
import { hastSpacedTextOf } from './hast-text.js';

/**
 * A small table a forum template lays its frame out with (vBulletin: "Thread Tools | Display
 * Modes", "Posting Rules | You may not post new threads …", its log-in box "User Name | Remember
 * Me? | Password"): it is no layout table (no cell holds a column of the page), so it would be
 * converted as data. Such a table is boilerplate when every cell that shows words is a boilerplate
 * line or a log-in form's label, and no cell is a number (a table of numbers is data, whatever its
 * headings say).
 */

/** A log-in form's labels, boilerplate only as a cell of a table of nothing else. */
const FORM_LABEL =
  /^(?:user ?name|e-?mail|password|remember me\??|log ?in|log ?out|sign ?in|sign ?up|register|faq|forgot (?:your )?password\??)$/i;

const TWO_LETTERS = /\p{L}{2}/u;

/** True when every cell of `table` that shows words is a boilerplate line or a log-in label. */
export function isBoilerplateTable(table: Element): boolean {
  let shown = 0;
  for (const cell of cellsOf(table)) {
    // Cells hold lines in blocks (`<div>You may not post replies</div>`): words never run together.
    const text = hastSpacedTextOf(cell).replace(/\s+/g, ' ').trim();
    if (wordsOf(text).length === 0) continue;
    // A cell of numbers (a count, a size, a score) makes the table data: a frame holds none.
    if (!TWO_LETTERS.test(text)) {
      if (/\d/.test(text)) return false;
      continue;
    }
    if (!FORM_LABEL.test(text) && !isBoilerplateLine(text)) return false;
    shown += 1;
  }
  return shown > 0;
}

/** The table's cells, those of a table nested in it included (each judged on its own). */
function cellsOf(table: Element): Element[] {
  const cells: Element[] = [];
  const visit = (nodes: readonly ElementContent[]) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      if (node.tagName === 'td' || node.tagName === 'th') {
        if (node.children.some((child) => child.type === 'element' && child.tagName === 'table'))
          visit(node.children);
        else cells.push(node);
      } else visit(node.children);
    }
  };
  visit(table.children);
  return cells;
}
