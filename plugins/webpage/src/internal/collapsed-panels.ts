import { nodesUnder } from './dom-walk.js';
import { isInvisible, visibleTextOf } from './visible-text.js';
import { countWordCharacters } from './word-characters.js';

/**
 * A product page's collapsed panels: the tabs and accordions a shop keeps its description,
 * details and specifications in ("Description", "Additional information", "Read more"), every one
 * but the open one hidden until a reader opens it. A reader of a product page opens them; the page
 * names them by the control that opens them (`aria-controls`) or by their role (`tabpanel`).
 */

/** Where a hidden panel is the page's chrome, not the product's: its menus, dialogs and pop-ups. */
const CHROME = 'nav, header, footer, dialog, [role="dialog"], [role="menu"], [aria-modal="true"]';
/** A panel whose text is at least this share links is a menu's, not the product's. */
const MAX_LINK_SHARE = 0.5;
const DISPLAY_NONE = /display\s*:\s*none\s*;?/gi;

/**
 * Shows the collapsed panels under `root` (a product page's body, which the caller owns): a hidden
 * element (`hidden`, `aria-hidden="true"`, `display: none`) that a control opens (its id is in an
 * `aria-controls`) or that is a `tabpanel`, outside the page's menus and dialogs, and not mostly
 * links. Returns the number of panels shown.
 */
export function showCollapsedPanels(root: Element): number {
  const controlled = new Set<string>();
  const candidates: Element[] = [];
  for (const node of nodesUnder(root, 'elements', isInvisible)) {
    const element = node as Element;
    const controls = element.getAttribute('aria-controls');
    if (controls !== null) for (const id of controls.split(/\s+/)) if (id !== '') controlled.add(id);
    if (isHidden(element)) candidates.push(element);
  }
  let shown = 0;
  for (const panel of candidates) {
    const isPanel =
      panel.getAttribute('role')?.trim().toLowerCase() === 'tabpanel' || controlled.has(panel.id);
    if (!isPanel || panel.closest(CHROME) !== null || isMostlyLinks(panel)) continue;
    panel.removeAttribute('hidden');
    panel.removeAttribute('aria-hidden');
    const style = panel.getAttribute('style');
    if (style !== null) panel.setAttribute('style', style.replace(DISPLAY_NONE, ''));
    shown += 1;
  }
  return shown;
}

function isHidden(element: Element): boolean {
  if (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true') return true;
  const style = element.getAttribute('style');
  return style !== null && /display\s*:\s*none/i.test(style);
}

function isMostlyLinks(panel: Element): boolean {
  const characters = countWordCharacters(visibleTextOf(panel));
  if (characters === 0) return true;
  const linked = Array.from(panel.querySelectorAll('a[href]')).reduce(
    (sum, link) => sum + countWordCharacters(visibleTextOf(link)),
    0,
  );
  return linked >= MAX_LINK_SHARE * characters;
}
