/** Elementor's prefix on each block a page is built of, and on that block's modifiers. */
const BUILDER_PREFIX = 'elementor-widget';

/**
 * A class attribute as Readability should weigh it: a page builder's word for its blocks taken
 * out, what follows it kept (`elementor-widget elementor-widget-icon-box` → `icon-box`,
 * `elementor-widget-sidebar` → `sidebar`, `elementor-widget-container` → nothing). Readability
 * reads "widget" as a sidebar's and weighs such a block down; on a page built with Elementor every
 * heading, text and icon box is an `elementor-widget` in an `elementor-widget-container`, and a
 * service page's feature boxes (a heading and a sentence each) were removed from its article for it.
 */
export function withoutBuilderBlockNames(className: string): string {
  if (!className.includes(BUILDER_PREFIX) && !HIDDEN_LABEL.test(className)) return className;
  return className
    .split(/\s+/)
    .map((name) => {
      if (HIDDEN_LABEL_NAME.test(name)) return '';
      if (!name.startsWith(BUILDER_PREFIX)) return name;
      const rest = name.slice(BUILDER_PREFIX.length).replace(/^[-_]+/, '');
      return rest === 'container' ? '' : rest;
    })
    .filter((name) => name !== '')
    .join(' ');
}

/**
 * A class saying a block's label is not shown: Drupal's `field--label-hidden` (`field-label-hidden`
 * before Drupal 8) on nearly every field of a page, the body's text included. Readability reads
 * "hidden" as a hidden block's and weighs it down; the block itself is shown, and a utility's FAQ
 * answers (a paragraph and its list of rebates) were removed from its article for it.
 */
const HIDDEN_LABEL_NAME = /^(?:[\w-]*[-_])?label[-_]+hidden$/i;
const HIDDEN_LABEL = /label[-_]+hidden/i;
