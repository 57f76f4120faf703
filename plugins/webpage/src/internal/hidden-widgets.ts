import { visibleTextOf } from './visible-text.js';
import { countWordCharacters } from './word-characters.js';

/**
 * Parts of a page a reader never sees as the page draws them: a script framework's templates not yet
 * filled in, and the menus a button drops down, both written into the HTML and hidden by the page's
 * style sheet, which the conversion does not read; and a poster's initials drawn as their picture.
 */

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
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll(CLOAKED))) {
    if (!root.contains(element)) continue;
    const text = element.textContent ?? '';
    if (!text.includes('{{')) continue;
    if (countWordCharacters(text.replace(TEMPLATE_EXPRESSION, ' ')) > 0) continue;
    element.remove();
    removed += 1;
  }
  return removed;
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
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll('[class*="ropdown"]'))) {
    if (!root.contains(element)) continue;
    if (!Array.from(element.classList).some((name) => DROPDOWN_LIST.test(name))) continue;
    const characters = countWordCharacters(visibleTextOf(element));
    if (characters === 0) continue;
    const linked = Array.from(element.querySelectorAll('a[href]')).reduce(
      (sum, link) => sum + countWordCharacters(visibleTextOf(link)),
      0,
    );
    if (linked < MIN_LINK_SHARE * characters) continue;
    element.remove();
    removed += 1;
  }
  return removed;
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
  let removed = 0;
  for (const element of Array.from(root.querySelectorAll('[class*="vatar"]'))) {
    if (!root.contains(element)) continue;
    if (!Array.from(element.classList).some((name) => AVATAR_NAME.test(name))) continue;
    const letters = countWordCharacters(element.textContent ?? '');
    if (letters === 0 || letters > MAX_AVATAR_LETTERS) continue;
    element.remove();
    removed += 1;
  }
  return removed;
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
  return templates + menus + avatars;
}
