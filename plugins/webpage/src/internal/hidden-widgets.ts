import { visibleTextOf } from './visible-text.js';
import { countWordCharacters } from './word-characters.js';

/**
 * Parts of a page a reader never sees as the page draws them: a script framework's templates not yet
 * filled in, and the menus a button drops down, both written into the HTML and hidden by the page's
 * style sheet, which the conversion does not read; inert `<template>` content; pop-ups shown only
 * on demand (tooltips, popovers); and a poster's initials drawn as their picture.
 */

/**
 * Removes the elements under `root` that `selector` finds and `hidden` accepts, judged in document
 * order; one inside an element already removed is skipped. Returns the number removed.
 */
function removeWhere(root: Element, selector: string, hidden: (element: Element) => boolean): number {
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll(selector))) {
    if (!root.contains(element) || !hidden(element)) continue;
    element.remove();
    removed += 1;
  }
  return removed;
}

const hasClass = (element: Element, name: RegExp): boolean =>
  Array.from(element.classList).some((className) => name.test(className));

/**
 * Elements a framework hides until it has filled in their `{{ … }}` expressions: AngularJS's
 * `ng-cloak` (also as a class and `data-ng-cloak`), Vue's `v-cloak`, Alpine's `x-cloak`.
 */
const CLOAKED = '[ng-cloak], [data-ng-cloak], .ng-cloak, [v-cloak], [x-cloak]';
/** A template expression: `{{ DiscussionBoard.errors[11793116].message }}`, `{{ upvoteCount | shortNum }}`. */
const TEMPLATE_EXPRESSION = /\{\{[^{}]*\}\}/g;

/**
 * Removes under `root` the cloaked elements (see {@link CLOAKED}) whose text is only template
 * expressions: an AngularJS forum prints `{{ DiscussionBoard.errors[…].message }}` under each post
 * and `{{ upvoteCount | shortNum }}` beside each vote count, filled in (or left empty) once its
 * script runs. A cloaked element with words of its own stays: a template may cloak a whole page
 * that the server also filled in. Returns the number of elements removed.
 */
export function dropTemplatePlaceholders(root: Element): number {
  return removeWhere(root, CLOAKED, (element) => {
    const text = element.textContent ?? '';
    return text.includes('{{') && countWordCharacters(text.replace(TEMPLATE_EXPRESSION, ' ')) === 0;
  });
}

/**
 * A class naming the list a menu button drops down: Bootstrap's `dropdown-menu`, phpBB's
 * `dropdown-contents`, `dropdown-list`, `dropdown-content`. Not `dropdown` alone: the name of the
 * block that holds the button too.
 */
const DROPDOWN_LIST = /^dropdown[-_]?(?:menu|contents?|list|items)$/i;
/** A drop-down's text is at least this share links: a menu of destinations, not a panel of text. */
const MIN_LINK_SHARE = 0.8;

/**
 * Removes under `root` the lists a menu button drops down (see {@link DROPDOWN_LIST}) whose text is
 * mostly links: phpBB's "Jump to" box lists every forum of the board (`↳ Personal Finance`) under
 * each thread, hidden until its button is pressed. Returns the number of lists removed.
 */
export function dropDropdownMenus(root: Element): number {
  return removeWhere(root, '[class*="ropdown"]', (element) => {
    if (!hasClass(element, DROPDOWN_LIST)) return false;
    const characters = countWordCharacters(visibleTextOf(element));
    if (characters === 0) return false;
    const linked = Array.from(element.querySelectorAll('a[href]')).reduce(
      (sum, link) => sum + countWordCharacters(visibleTextOf(link)),
      0,
    );
    return linked >= MIN_LINK_SHARE * characters;
  });
}

/** A class naming a poster's avatar: `avatar`, `avatar-u42100-m`, `message-avatar`, `UserAvatar`. */
const AVATAR_NAME = /(?:^|[-_])avatar(?:$|[-_])|^avatar|avatar$/i;
/** A letter avatar prints at most this many letters: a poster's initials. */
const MAX_AVATAR_LETTERS = 2;

/**
 * Removes under `root` the avatars drawn as letters: a forum without a poster's picture prints the
 * first letter of their name in a coloured box (`<span class="avatar-u42100-m">J</span>`), a line
 * of its own beside each post once the box's colour is gone. Returns the number removed.
 */
export function dropLetterAvatars(root: Element): number {
  return removeWhere(root, '[class*="vatar"]', (element) => {
    if (!hasClass(element, AVATAR_NAME)) return false;
    const letters = countWordCharacters(element.textContent ?? '');
    return letters > 0 && letters <= MAX_AVATAR_LETTERS;
  });
}

/**
 * A class naming a pop-up's body, not its trigger: `tooltip-content`, `tool-tip__content`,
 * `infotip__overlay`, `popover-body`, `tooltiptext`. A template names the button or word a reader
 * points at apart (`tooltip`, `tooltip-trigger`, `glossary-tooltip`), and that stays.
 */
const POPUP_BODY_NAME =
  /(?:^|[-_])(?:tool-?tip|infotip|popover)[-_]*(?:content|body|text|inner|panel|bubble|popup|message|copy|description|overlay)$/i;

/** The elements {@link isPopup} looks at: a role, a popover, a class that may name a tooltip or popover. */
const POPUP_SELECTOR =
  '[role], [popover], [class*="tip"], [class*="Tip"], [class*="TIP"], [class*="opover"], [class*="OPOVER"]';
/** The values of HTML's `popover` attribute (an empty value is `auto`); another is a library's own. */
const POPOVER_STATES = new Set(['', 'auto', 'manual', 'hint']);

/**
 * True when an element is a pop-up a reader sees only on demand: ARIA's `role="tooltip"` (the
 * description an element shows on hover or focus), a block its class names a tooltip's or
 * popover's body ({@link POPUP_BODY_NAME}), or HTML's `popover` attribute, which the browser does
 * not draw until a button or script opens it. A saved page is never open.
 */
function isPopup(element: Element): boolean {
  if (element.getAttribute('role')?.trim().toLowerCase() === 'tooltip') return true;
  if (hasClass(element, POPUP_BODY_NAME)) return true;
  const popover = element.getAttribute('popover');
  return popover !== null && POPOVER_STATES.has(popover.trim().toLowerCase());
}

/**
 * Removes under `root` the pop-ups shown only on demand ({@link isPopup}): a shop's "More
 * information" tooltips (what buyer protection covers, how import fees are charged), a menu or
 * video player drawn as a popover. Each is written into the page beside its trigger and is no part
 * of what the page shows. Returns the number removed.
 */
export function dropPopups(root: Element): number {
  return removeWhere(root, POPUP_SELECTOR, isPopup);
}

const TEMPLATE_TAG = /<template\b/i;
const POPUP_MARK = /tooltip|popover/i;

/**
 * Removes the `<template>` elements under `root`: their content is inert, never drawn until a
 * script clones it (a framework's row or dialog kept for later). An HTML parser keeps it out of the
 * tree; linkedom puts it among the element's children, where an article's reading would take it as
 * the page's text. A declarative shadow root (`shadowrootmode`) is drawn, but in place of its host's
 * own children, and pages use it for their widgets (icons, search buttons): it goes too, as the
 * conversion has always dropped it.
 */
export function dropInertTemplates(root: Element): number {
  return removeWhere(root, 'template', () => true);
}

/**
 * The removals above on a parsed page (`html` its source: a page that names no cloak, drop-down or
 * avatar is not searched for them). Returns the number of elements removed.
 */
export function dropHiddenWidgets(document: Document, html: string): number {
  const body = document.body as Element | null;
  if (body === null) return 0;
  const templates = html.includes('cloak') && html.includes('{{') ? dropTemplatePlaceholders(body) : 0;
  const menus = html.includes('ropdown') ? dropDropdownMenus(body) : 0;
  const avatars = html.includes('vatar') ? dropLetterAvatars(body) : 0;
  const inert = TEMPLATE_TAG.test(html) ? dropInertTemplates(body) : 0;
  const popups = POPUP_MARK.test(html) ? dropPopups(body) : 0;
  return templates + menus + avatars + inert + popups;
}
