/**
 * The docs site in a real browser (Debian's Chromium through playwright-core), served by the HTTP
 * handler with its real Content-Security-Policy: readable on a 375 px phone (no horizontal
 * overflow of the page), copy buttons that copy, and an icon at `/favicon.ico`.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFetchHandler } from '@transmute/http';
import { createNodeListener } from '@transmute/http/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeService } from '../../../http/test/fake-service.js';
import { launchBrowser, withPage, type Browser } from '../console/support/browser.js';
import { collectCspViolations } from '../console/support/console-page.js';

const PHONE = { width: 375, height: 812 };

/** The pages a reader lands on, the widest first (the reference's tables and examples). */
const PAGES = [
  'reference.html',
  'index.html',
  'profiles.html',
  'problems.html',
  'problems/validation_failed.html',
  'failures.html',
  'failures/corrupt_file.html',
  'guides/quickstart.html',
  'guides/errors.html',
  'guides/webhooks.html',
];

let server: Server;
let base: string;
let browser: Browser;

beforeAll(async () => {
  const handler = createFetchHandler({ service: createFakeService(), logger: { error: () => undefined } });
  server = createServer(createNodeListener(handler)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  browser = await launchBrowser(PHONE);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the docs site at 375 px', { timeout: 120_000 }, () => {
  it.each(PAGES)(
    '%s does not scroll sideways: wide tables and code scroll inside themselves',
    async (path) => {
      await withPage(browser, `docs-375-${path}`, async (page) => {
        const violations = collectCspViolations(page);
        await page.goto(`${base}/docs/${path}`);
        await page.waitForLoadState('load');
        const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Infinity);
        expect(width, `${path} is ${String(width)} px wide`).toBeLessThanOrEqual(PHONE.width);
        expect(violations).toEqual([]);
      });
    },
  );

  it('puts a copy button on every code block, which copies the block', async () => {
    await withPage(browser, 'docs-copy', async (page) => {
      const violations = collectCspViolations(page);
      await page.goto(`${base}/docs/guides/quickstart.html`);
      const blocks = await page.locator('pre').count();
      expect(blocks).toBeGreaterThan(0);
      await expect.poll(() => page.locator('.code-block button.copy').count()).toBe(blocks);
      const first = page.locator('.code-block').first();
      const text = await first.locator('pre code').innerText();
      await first.getByRole('button', { name: 'Copy the code' }).click();
      await expect.poll(() => first.locator('button.copy').innerText()).toBe('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
      expect(violations).toEqual([]);
    });
  });

  it('shows the icon: /favicon.ico answers, and pages carry it inline', async () => {
    await withPage(browser, 'docs-favicon', async (page) => {
      const icon = await page.goto(`${base}/favicon.ico`);
      expect(icon?.status()).toBe(200);
      expect(icon?.headers()['content-type']).toBe('image/svg+xml');
      await page.goto(`${base}/docs/`);
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
    });
  });
});
