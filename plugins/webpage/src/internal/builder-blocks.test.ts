import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../../test/golden.js';
import { convertHtml } from '../index.js';
import { withoutBuilderBlockNames } from './builder-blocks.js';

/** One Elementor block as the builder prints it: the widget, its container, its content. */
function widget(kind: string, content: string): string {
  return (
    `<div class="elementor-element elementor-widget__width-initial elementor-widget elementor-widget-${kind}" ` +
    `data-element_type="widget"><div class="elementor-widget-container">${content}</div></div>`
  );
}

const INTRO =
  'In the fast-paced healthcare and wellness sector, good marketing and advertising are critical to ' +
  'standing out from the crowd and reaching your consumers. Our services are meant to engage your ' +
  'target market, with a mix of innovative thinking, data-driven approaches and strong market insights. ';

const BOXES: [string, string][] = [
  ['Greater Brand Visibility', 'Marketing directly increases brand exposure among prospective customers.'],
  ['Greater Customer Interaction', 'Such measures create channels of communication with customers.'],
  [
    'Generating Sales and Revenue',
    'Successful marketing serves to increase sales by reaching larger audiences.',
  ],
  ['Competitive Advantage', 'Regular and creative marketing can set a business apart from its competitors.'],
];

describe("a page builder's blocks", () => {
  it('are weighed by what they are, not by the builder\'s word "widget"', () => {
    expect(withoutBuilderBlockNames('elementor-element elementor-widget elementor-widget-icon-box')).toBe(
      'elementor-element icon-box',
    );
    expect(withoutBuilderBlockNames('elementor-widget-container')).toBe('');
    expect(withoutBuilderBlockNames('elementor-widget__width-initial')).toBe('width-initial');
    expect(withoutBuilderBlockNames('elementor-widget elementor-widget-sidebar')).toBe('sidebar');
    expect(withoutBuilderBlockNames('widget widget_recent_entries')).toBe('widget widget_recent_entries');
    expect(withoutBuilderBlockNames('field field--name-body field--label-hidden')).toBe(
      'field field--name-body',
    );
    expect(withoutBuilderBlockNames('field-label-hidden')).toBe('');
    expect(withoutBuilderBlockNames('visually-hidden')).toBe('visually-hidden');
  });

  it('keep a Drupal field whose label is hidden, not the field', async () => {
    // A utility's page: its text, then an FAQ field whose answer sits four levels down, unscored.
    const rebates = [
      'Air Purifiers – $50',
      'Dehumidifiers – $40',
      'Freezers – $25',
      'Induction Cooktops – $250',
    ]
      .map((item) => `<li>${item} instant discount</li>`)
      .join('');
    const html = `<!DOCTYPE html><html><head><title>Appliance rebates</title></head><body>
<nav><a href="/">Home</a> <a href="/save">Save energy</a></nav>
<main><article class="node"><div class="node__content"><h1>Appliance rebates</h1><p>${INTRO}</p><p>${INTRO}</p><p>${INTRO}</p>
<div class="field field--name-bp-view field--type-viewsreference field--label-hidden field__items"><div class="field__item">
<div class="views-element-container"><div class="view view-faqs"><div class="accordion-item">
<h2 class="accordion-header">Which appliances qualify for discounts or rebates?</h2>
<div class="accordion-body"><p>Look for our signage in stores at participating retailers to save instantly on these appliances.</p>
<ul>${rebates}</ul></div></div></div></div></div></div></div></article>
</main><footer><p>© Utility Example</p></footer></body></html>`;
    const markdown = toMarkdown((await convertHtml(html, { url: 'https://energy.example/rebates' })).root);
    expect(markdown).toContain('Which appliances qualify for discounts or rebates?');
    expect(markdown).toContain('- Induction Cooktops – $250 instant discount');
  });

  it("keep a service page's feature boxes beside its text", async () => {
    const boxes = BOXES.map(([title, text]) =>
      widget(
        'icon-box',
        `<div class="elementor-icon-box-wrapper"><div class="elementor-icon-box-content">` +
          `<h3 class="elementor-icon-box-title"><span>${title}</span></h3>` +
          `<p class="elementor-icon-box-description">${text}</p></div></div>`,
      ),
    ).join('');
    const html = `<!DOCTYPE html><html><head><title>Marketing and Advertising</title></head><body>
<header><nav><a href="/">Home</a> <a href="/services">Services</a> <a href="/contact">Contact</a></nav></header>
<div class="elementor elementor-12"><div class="elementor-element e-con">
${widget('heading', '<h1 class="elementor-heading-title">Marketing and Advertising</h1>')}
${widget('text-editor', `<p>${INTRO}</p><p>${INTRO}</p><p>${INTRO}</p><p>${INTRO}</p>`)}
${widget('divider', '<div class="elementor-divider"><h2>Inspired Storytelling to Help Brands</h2></div>')}
${boxes}
${widget('text-editor', `<p>${INTRO}</p><p>${INTRO}</p><p>${INTRO}</p>`)}
</div></div>
<footer><p>© Brand Example</p></footer></body></html>`;
    const markdown = toMarkdown((await convertHtml(html, { url: 'https://brand.example/marketing' })).root);
    for (const [title, text] of BOXES) {
      expect(markdown).toContain(`### ${title}\n\n${text}`);
    }
  });
});
