import { classAndIdNames } from './element-names.js';

/** Words of a class or id (split at `-` and `_`) that name a cookie or consent box. */
const CONSENT_NAME_WORDS = new Set(['cookie', 'cookies', 'consent', 'gdpr', 'onetrust', 'cookiebot']);
/** What a consent box never holds: the page's content. */
const CONTENT = 'h1, main, article, [role="main"]';

/**
 * True when an element is a cookie or consent box: its class or id names one (`onetrust-consent-sdk`,
 * `cookie-banner`, `gdpr-modal`) and it holds no `<h1>`, `<main>` or `<article>`. Such a box is
 * chrome however much text it holds: a consent manager's preference centre lists every purpose and
 * partner, often more text than a listing's items (WCXB 2974), where a big chrome-named element is
 * otherwise taken for the content's wrapper.
 */
export function isConsentBox(element: Element): boolean {
  const words = classAndIdNames(element).flatMap((name) => name.toLowerCase().split(/[_-]+/));
  if (!words.some((word) => CONSENT_NAME_WORDS.has(word))) return false;
  return element.querySelector(CONTENT) === null;
}
