import { isInvisible } from './visible-text.js';
import { classAndIdWords } from './element-names.js';
import { countWordCharacters } from './word-characters.js';

/**
 * A product page's collapsed panels: the tabs and accordions a shop keeps its description,
 * details and specifications in ("Description", "Additional information", "Read more"), every one
 * but the open one hidden until a reader opens it. A reader of a product page opens them; the page
 * names them by the control that opens them (`aria-controls`) or by their role (`tabpanel`).
 */

/** Where a hidden panel is the page's chrome, not the product's: its menus, dialogs and pop-ups. */
const CHROME_ELEMENTS = new Set(['nav', 'header', 'footer', 'dialog']);
const CHROME_ROLES = new Set(['dialog', 'menu']);
/** A panel whose text is at least this share links is a menu's, not the product's. */
const MAX_LINK_SHARE = 0.5;
/**
 * Words of a class or id that name a collapsed panel, for a template that opens its panels by script
 * without `aria-controls` or a `tabpanel` role: Bootstrap's `tab-pane` and `collapse`, a marketplace's
 * `a-expander-content` ("Read more" of a book's excerpt), an `accordion__body`.
 */
const PANEL_NAME_WORDS = new Set([
  'tab',
  'tabs',
  'pane',
  'tabpane',
  'panel',
  'accordion',
  'expander',
  'collapse',
  'collapsible',
]);
const DISPLAY_NONE = /display\s*:\s*none\s*;?/gi;
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/**
 * Shows the collapsed panels under `root` (a product page's body, which the caller owns): a hidden
 * element (`hidden`, `aria-hidden="true"`, `display: none`) that a control opens (its id is in an
 * `aria-controls`), that is a `tabpanel`, or whose class or id names a panel ({@link
 * PANEL_NAME_WORDS}), outside the page's menus and dialogs, and not mostly links. Returns the
 * number of panels shown.
 */
export function showCollapsedPanels(root: Element): number {
  const { controlled, hidden } = measureHiddenElements(root);
  let shown = 0;
  for (const { element: panel, characters, linked } of hidden) {
    const isPanel =
      panel.getAttribute('role')?.trim().toLowerCase() === 'tabpanel' ||
      controlled.has(panel.id) ||
      classAndIdWords(panel).some((word) => PANEL_NAME_WORDS.has(word));
    if (!isPanel || characters === 0 || linked >= MAX_LINK_SHARE * characters) continue;
    panel.removeAttribute('hidden');
    panel.removeAttribute('aria-hidden');
    const style = panel.getAttribute('style');
    if (style !== null) panel.setAttribute('style', style.replace(DISPLAY_NONE, ''));
    shown += 1;
  }
  return shown;
}

/** A hidden element outside the page's chrome, with the letters and digits a reader would see in it. */
interface HiddenElement {
  element: Element;
  /** Letters and digits of its visible text (scripts, styles, templates left out). */
  characters: number;
  /** Those of them inside a link (`<a href>`). */
  linked: number;
}

interface OpenElement extends HiddenElement {
  hidden: boolean;
  /** It or an element around it is hidden: only then is its text counted. */
  inHidden: boolean;
  inChrome: boolean;
  inLink: boolean;
}

/**
 * Every id a control opens (`aria-controls`) under `root`, and its hidden elements outside the
 * page's chrome with their text measured. One walk, each text node inside a hidden element counted
 * once and added to its ancestors as the walk leaves them: measuring each hidden element's text
 * and links again was quadratic on tab panels nested in tab panels.
 */
function measureHiddenElements(root: Element): { controlled: Set<string>; hidden: HiddenElement[] } {
  const controlled = new Set<string>();
  const hidden: HiddenElement[] = [];
  const rootInChrome = ancestorsAndSelf(root).some(isChrome);
  const open: OpenElement[] = [];
  const top = (): OpenElement | undefined => open[open.length - 1];
  const leave = (): void => {
    const left = open.pop();
    if (left === undefined) return;
    const parent = top();
    if (parent !== undefined) {
      parent.characters += left.characters;
      parent.linked += left.linked;
    }
    if (left.hidden && !left.inChrome) {
      hidden.push({ element: left.element, characters: left.characters, linked: left.linked });
    }
  };
  let node: Node | null = root.firstChild;
  while (node !== null) {
    if (node.nodeType === ELEMENT_NODE) {
      const element = node as Element;
      const controls = element.getAttribute('aria-controls');
      if (controls !== null) for (const id of controls.split(/\s+/)) if (id !== '') controlled.add(id);
      const parent = top();
      const hidden = isHidden(element);
      open.push({
        element,
        characters: 0,
        linked: 0,
        hidden,
        inHidden: (parent?.inHidden ?? false) || hidden,
        inChrome: (parent?.inChrome ?? rootInChrome) || isChrome(element),
        inLink: (parent?.inLink ?? false) || (element.localName === 'a' && element.hasAttribute('href')),
      });
      const child = isInvisible(element) ? null : element.firstChild;
      if (child !== null) {
        node = child;
        continue;
      }
    } else if (node.nodeType === TEXT_NODE) {
      const parent = top();
      if (parent?.inHidden === true) {
        const characters = countWordCharacters((node as Text).data);
        parent.characters += characters;
        if (parent.inLink) parent.linked += characters;
      }
    }
    // Leave the node and each ancestor whose last child it is, up to the next sibling.
    let current: Node | null = node;
    node = null;
    while (current !== null && current !== root) {
      if (current.nodeType === ELEMENT_NODE) leave();
      if (current.nextSibling !== null) {
        node = current.nextSibling;
        break;
      }
      current = current.parentNode;
    }
  }
  return { controlled, hidden };
}

function ancestorsAndSelf(element: Element): Element[] {
  const chain: Element[] = [];
  for (let current: Element | null = element; current !== null; current = current.parentElement)
    chain.push(current);
  return chain;
}

/** The page's menus, dialogs and pop-ups, and its header and footer. */
function isChrome(element: Element): boolean {
  return (
    CHROME_ELEMENTS.has(element.localName) ||
    CHROME_ROLES.has(element.getAttribute('role') ?? '') ||
    element.getAttribute('aria-modal') === 'true'
  );
}

function isHidden(element: Element): boolean {
  if (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true') return true;
  const style = element.getAttribute('style');
  return style !== null && /display\s*:\s*none/i.test(style);
}
