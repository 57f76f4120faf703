import type { Element as HastElement } from 'hast';

/** Elements that hold code: a tab panel holding one is a code sample's tab. */
const CODE_TAGS = new Set(['pre', 'code']);

/**
 * True when a DOM element is a tab panel of code samples: its `role` is `tabpanel` and it holds a
 * `<pre>` or `<code>`. A documentation page shows its code samples (one per language, install
 * steps per system) in tabs, and keeps every panel but the open one hidden until a reader opens
 * its tab: such a hidden panel is read as the page's content. Tabs of prose (a shop's "why buy from
 * us" panels) stay hidden, as the page shows them, except on a product's page, whose description
 * and specifications panels are opened before any reading (`collapsed-panels.ts`).
 */
export function isCodeTabPanel(element: Element): boolean {
  return isTabPanelRole(element.getAttribute('role')) && element.querySelector('pre, code') !== null;
}

/** {@link isCodeTabPanel} on a hast element. */
export function isCodeTabPanelHast(element: HastElement): boolean {
  return isTabPanelRole(element.properties['role']) && holdsCode(element);
}

function isTabPanelRole(role: unknown): boolean {
  return typeof role === 'string' && role.trim().toLowerCase() === 'tabpanel';
}

function holdsCode(element: HastElement): boolean {
  return element.children.some(
    (child) => child.type === 'element' && (CODE_TAGS.has(child.tagName) || holdsCode(child)),
  );
}
