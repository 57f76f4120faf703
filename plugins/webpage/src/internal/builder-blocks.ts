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
  if (!className.includes(BUILDER_PREFIX)) return className;
  return className
    .split(/\s+/)
    .map((name) => {
      if (!name.startsWith(BUILDER_PREFIX)) return name;
      const rest = name.slice(BUILDER_PREFIX.length).replace(/^[-_]+/, '');
      return rest === 'container' ? '' : rest;
    })
    .filter((name) => name !== '')
    .join(' ');
}
