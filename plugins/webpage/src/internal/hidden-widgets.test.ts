import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import {
  dropDropdownMenus,
  dropHiddenWidgets,
  dropInertTemplates,
  dropLetterAvatars,
  dropPopups,
  dropTemplatePlaceholders,
} from './hidden-widgets.js';
import { parseWithLinkedom } from './load-dom.js';

/** The page as parsed, before loading it removes anything. */
function bodyOf(html: string): Element {
  return parseHTML(`<html><body>${html}</body></html>`).document.body;
}

const POST =
  '<div class="DiscussionBoard-content"><p>I set up the page last week and the first visitors came from the forum.</p>' +
  '<div class="DiscussionBoard-contentAlert Alert" ng-show="DiscussionBoard.errors[11793116]" ng-cloak>' +
  '<strong>{{ DiscussionBoard.errors[11793116].message }}</strong></div>' +
  '<a class="VoteBtn" aria-label="upvote"><span class="VoteBtn-value" ng-hide="state.loaded">30</span>' +
  '<span class="VoteBtn-value" ng-cloak>{{ upvoteCount | shortNum }}</span></a></div>';

describe('dropTemplatePlaceholders', () => {
  it("removes an AngularJS forum's cloaked expressions, keeping the post and the count the server printed", () => {
    const body = bodyOf(POST);
    expect(dropTemplatePlaceholders(body)).toBe(2);
    expect(body.textContent).not.toContain('{{');
    expect(body.textContent).toContain('the first visitors came from the forum.');
    expect(body.textContent).toContain('30');
  });

  it('keeps a cloaked block with words of its own, and expressions nothing cloaks', () => {
    const body = bodyOf(
      '<main v-cloak><p>Hello {{ name }}, the opening hours are nine to five on weekdays.</p></main>' +
        '<p><code>{{ title }}</code> prints the page title.</p><div x-cloak><span>{{ count }}</span> items</div>',
    );
    expect(dropTemplatePlaceholders(body)).toBe(0);
    expect(body.textContent).toContain('Hello {{ name }}');
    expect(body.textContent).toContain('{{ title }}');
  });
});

describe('dropDropdownMenus', () => {
  it("removes phpBB's jump box, the board's forums under a thread, and keeps the button's block", () => {
    const body = bodyOf(
      '<div class="post"><p>Again, I really appreciate your responses.</p></div>' +
        '<div class="jumpbox dropdown-container" id="jumpbox"><span class="dropdown-trigger">Jump to</span>' +
        '<div class="dropdown"><ul class="dropdown-contents">' +
        '<li><a href="./viewforum.php?f=16" class="jumpbox-cat-link"><span>US Investors</span></a></li>' +
        '<li><a href="./viewforum.php?f=1" class="jumpbox-sub-link"><span>↳ Personal Investments</span></a></li>' +
        '<li><a href="./viewforum.php?f=2" class="jumpbox-sub-link"><span>↳ Personal Finance (Not Investing)</span></a></li>' +
        '</ul></div></div>',
    );
    expect(dropDropdownMenus(body)).toBe(1);
    expect(body.textContent).not.toMatch(/Personal Investments|US Investors/);
    expect(body.textContent).toContain('Again, I really appreciate your responses.');
    expect(body.querySelector('#jumpbox')).not.toBeNull();
  });

  it('keeps a drop-down of text, and a block named only "dropdown"', () => {
    const body = bodyOf(
      '<div class="dropdown-content"><p>Our support team answers every message within two working days.</p>' +
        '<a href="/contact">Contact</a></div>' +
        '<ul class="dropdown"><li><a href="/a">Shoes</a></li><li><a href="/b">Boots</a></li></ul>',
    );
    expect(dropDropdownMenus(body)).toBe(0);
    expect(body.textContent).toContain('Our support team answers');
    expect(body.textContent).toContain('Boots');
  });
});

describe('dropHiddenWidgets', () => {
  it('runs when the source names them, as loading a page does', () => {
    const html = `<html><body>${POST}</body></html>`;
    const document = parseWithLinkedom(html);
    expect(document.body.textContent).not.toContain('{{');
    expect(dropHiddenWidgets(parseWithLinkedom('<html><body><p>{{ x }}</p></body></html>'), html)).toBe(0);
  });
});

describe('dropInertTemplates', () => {
  it('removes every <template>, with a shadow root, in whatever case the source writes it', () => {
    const html =
      '<html><body><p>Kept.</p><TEMPLATE id="row"><p>A row</p></TEMPLATE>' +
      '<my-icon><template shadowrootmode="open"><span>icon</span></template></my-icon></body></html>';
    const document = parseWithLinkedom(html);
    expect(document.body.textContent).toBe('Kept.');
    expect(dropInertTemplates(bodyOf('<p>No template.</p>'))).toBe(0);
  });
});

describe('dropLetterAvatars', () => {
  it("removes a poster's initial drawn as their avatar, keeping a picture and a named avatar", () => {
    const body = bodyOf(
      '<div class="message"><a class="avatar-u42100-m"><span class="avatar-u42100-m ">J</span></a>' +
        '<a class="username">Jeff</a><p>The projector needs a firmware update first.</p>' +
        '<div class="message-avatar"><img src="/a.png" alt="Ralston18"></div>' +
        '<span class="avatar-name">Ralston18</span></div>',
    );
    expect(dropLetterAvatars(body)).toBe(1);
    expect(body.textContent).not.toMatch(/\bJ\b/);
    expect(body.textContent).toContain('Jeff');
    expect(body.textContent).toContain('Ralston18');
    expect(body.querySelector('img')).not.toBeNull();
  });
});

describe('dropPopups', () => {
  it("removes a shop's tooltips and a popover, keeping their triggers' block and a library's popover text", () => {
    const body = bodyOf(
      '<div class="shipping"><span>Returns: 30 days returns. Buyer pays for return shipping.</span>' +
        '<button class="infotip__host" aria-label="More information"></button>' +
        '<span class="infotip__overlay" role="Tooltip"><span>Shop with confidence for things you love from sellers worldwide.</span></span></div>' +
        '<div popover id="menu"><a href="/help">Help</a> <a href="/orders">Order status</a></div>' +
        '<div popover="manual">Streaming now</div>' +
        '<p>The <abbr popover="Hypertext Markup Language">HTML</abbr> page lists sizes.</p>',
    );
    expect(dropPopups(body)).toBe(3);
    expect(body.textContent).not.toMatch(/Shop with confidence|Order status|Streaming now/);
    expect(body.textContent).toContain('Returns: 30 days returns.');
    expect(body.textContent).toContain('The HTML page lists sizes.');
  });

  it("removes a block its class names a tooltip's body, keeping the trigger a class names a tooltip", () => {
    const body = bodyOf(
      '<p>In stock <span class="tooltip"><button>?</button><span class="tool-tip__content">Back-orders ship as soon as we receive them.</span></span></p>' +
        '<p>Run <span class="glossary-tooltip">Pods</span> on each node.<span class="tooltiptext">A Pod is a group of containers.</span></p>' +
        '<div class="popover-body">Final sale items are not returnable</div>',
    );
    expect(dropPopups(body)).toBe(3);
    expect(body.textContent).toBe('In stock ?Run Pods on each node.');
  });

  it('runs when a page is loaded', () => {
    const html =
      '<html><body><p>Condition: new</p><div role="tooltip">Import fees may apply on delivery</div></body></html>';
    const text = parseWithLinkedom(html).body.textContent;
    expect(text).toContain('Condition: new');
    expect(text).not.toContain('Import fees');
  });
});
