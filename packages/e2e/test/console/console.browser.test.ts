/**
 * The web console in a real browser (Debian's Chromium through playwright-core) against a real
 * service on loopback: every call goes through the public v1 API.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../blackbox/support/service.js';
import { startReceiver, type Receiver } from '../support/receiver.js';
import { launchBrowser, withPage, type Browser } from './support/browser.js';
import {
  JOB_TIMEOUT_MS,
  collectCspViolations,
  convertText,
  signIn,
  waitForSucceededJob,
} from './support/console-page.js';
import { startConsoleStack, type ConsoleStack } from './support/console-stack.js';

const PDF = join(ROOT, 'fixtures/ocr/report-table.pdf');

let stack: ConsoleStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startConsoleStack();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

/** Records every value/max an upload progress bar shows (the bar is gone once the job page opens). */
const RECORD_PROGRESS = `
  window.__uploadProgress = [];
  new MutationObserver((records) => {
    for (const record of records) {
      const bar = record.target;
      if (bar instanceof HTMLProgressElement && (bar.getAttribute('aria-label') || '').startsWith('Upload of'))
        window.__uploadProgress.push([bar.value, bar.max]);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['value', 'max'] });
`;

describe('the web console', { timeout: 300_000 }, () => {
  it('uploads a PDF with progress, shows the job succeed, its markdown, a zip output to download, and signs out', async () => {
    await withPage(browser, 'pdf-flow', async (page) => {
      const violations = collectCspViolations(page);
      await page.addInitScript(RECORD_PROGRESS);
      await signIn(page, stack.url, stack.apiKey);
      await page.getByRole('radio', { name: 'Upload files' }).check();
      await page.getByLabel('Drop files here or choose them').setInputFiles(PDF);
      await page.getByLabel('Format').selectOption('markdown');
      await page.getByLabel('Retention').selectOption('temporary');
      await page.getByRole('button', { name: 'Convert' }).click();
      const jobId = await waitForSucceededJob(page);
      expect(jobId).toMatch(/^job_/);

      // The bar went all the way: a frame with every byte of the PDF sent.
      const size = readFileSync(PDF).byteLength;
      const progress = await page.evaluate<[number, number][]>('window.__uploadProgress');
      expect(progress).toContainEqual([size, size]);

      // The markdown, rendered.
      const markdown = page.locator('.output .markdown').first();
      await expect.poll(() => markdown.textContent(), { timeout: 30_000 }).toContain('Quarterly Report');
      expect(await markdown.textContent()).toContain('Sales grew in every region');
      await page.getByRole('button', { name: 'Copy to clipboard' }).first().click();
      await page.getByRole('button', { name: 'Copied' }).first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Quarterly Report');

      // Another output from the same job, as a zip; download it and check its sha256.
      await page.getByLabel('Format').last().selectOption('zip');
      await page.getByRole('button', { name: 'Create output' }).click();
      // Every output lists its files now (markdown too): the zip's card is the one titled zip.
      const zipCard = page.locator('.output', { has: page.locator('h3', { hasText: ' · zip · ' }) });
      await zipCard.locator('table.manifest').waitFor({ timeout: JOB_TIMEOUT_MS });
      const expected = (await zipCard.locator('code.digest').first().textContent()) ?? '';
      expect(expected).toMatch(/^[0-9a-f]{64}$/);
      const downloading = page.waitForEvent('download');
      await zipCard
        .getByRole('link', { name: /^Download / })
        .first()
        .click();
      const download = await downloading;
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(expected);

      // Sign out: back to the form, the key gone from the tab.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('API key').waitFor();
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
      expect(violations).toEqual([]);
    });
  });

  describe('webhooks', () => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver(500);
    });
    afterAll(async () => {
      await receiver.close();
    });

    it('creates an endpoint showing its secret exactly once, and replays a dead-lettered delivery', async () => {
      await withPage(browser, 'webhooks', async (page) => {
        await signIn(page, stack.url, stack.apiKey);
        await page.getByRole('link', { name: 'Webhooks' }).click();
        await page.getByLabel('Endpoint URL').fill(receiver.url);
        await page.getByLabel('Description').fill('answers 500');
        await page.getByRole('button', { name: 'Create endpoint' }).click();
        const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
        expect(secret).toMatch(/^whsec_/);
        await expect.poll(() => page.getByText('shown only once').count()).toBe(1);
        await page.getByRole('button', { name: 'Copy secret' }).click();
        await page.getByRole('button', { name: 'Copied' }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
        await page.getByRole('button', { name: 'I have stored it' }).click();
        await page.reload();
        await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
        await page.locator('.endpoint').first().waitFor();
        expect(await page.content()).not.toContain(secret);
        expect(await page.getByTestId('webhook-secret').count()).toBe(0);

        // A test event to a receiver answering 500: one retry, then a dead letter.
        const card = page.locator('.endpoint').first();
        await card.getByRole('button', { name: 'Send test event' }).click();
        await card.getByRole('button', { name: 'Deliveries' }).click();
        const dead = card.locator('tr', {
          has: page.locator('td.delivery-status', { hasText: 'dead_letter' }),
        });
        await expect
          .poll(
            async () => {
              await card.getByRole('button', { name: 'Refresh deliveries' }).click();
              return dead.count();
            },
            { timeout: 60_000, interval: 1000 },
          )
          .toBe(1);
        const before = receiver.received.length;
        expect(before).toBe(2);
        await dead.getByRole('button', { name: /^Replay delivery / }).click();
        await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(before);
      });
    });
  });

  it('renders a content page whose source holds a <script> without running it', async () => {
    await withPage(browser, 'script-in-content', async (page) => {
      const violations = collectCspViolations(page);
      await signIn(page, stack.url, stack.apiKey);
      const hostile = [
        '# Hostile page',
        '',
        '<script>document.title = "pwned"; window.__pwned = true;</script>',
        '',
        '<img src="x" onerror="window.__pwned = true; document.title = \'pwned\'">',
        '',
        '[click](javascript:window.__pwned=true)',
      ].join('\n');
      // raw_source keeps a script as it came: the markup reaches the page as text. The <img> is
      // read as the markdown image it shows, its handler left behind.
      await convertText(page, hostile, 'raw_source');
      const markdown = page.locator('.output .markdown').first();
      await expect.poll(() => markdown.textContent(), { timeout: 30_000 }).toContain('Hostile page');
      expect(await markdown.textContent()).toContain('<script>document.title');
      expect(await markdown.locator('script, [onerror]').count()).toBe(0);
      expect(await markdown.locator('a[href^="javascript:"]').count()).toBe(0);
      await page.waitForTimeout(500);
      expect(await page.title()).toBe('Transmute console');
      expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
      expect(violations).toEqual([]);
    });
  });
});

describe('the web console at 375 px', { timeout: 300_000 }, () => {
  let narrow: Browser;
  beforeAll(async () => {
    narrow = await launchBrowser({ width: 375, height: 740 });
  }, 60_000);
  afterAll(async () => {
    await narrow?.close();
  });

  it('signs in, converts, and shows the outputs without scrolling sideways', async () => {
    await withPage(narrow, 'narrow', async (page) => {
      await signIn(page, stack.url, stack.apiKey);
      const fits = (): Promise<boolean> =>
        page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await fits()).toBe(true);
      await page.getByRole('radio', { name: 'Upload files' }).check();
      await page.getByLabel('Drop files here or choose them').setInputFiles(PDF);
      expect(await fits()).toBe(true);
      await page.getByRole('button', { name: 'Convert' }).click();
      await waitForSucceededJob(page);
      const markdown = page.locator('.output .markdown').first();
      await expect.poll(() => markdown.textContent(), { timeout: 30_000 }).toContain('Quarterly Report');
      expect(await markdown.isVisible()).toBe(true);
      expect(await fits()).toBe(true);
      await page.getByRole('link', { name: 'Jobs' }).click();
      await page.getByRole('heading', { name: 'Jobs' }).waitFor();
      await page.getByRole('link', { name: /^job_/ }).first().waitFor();
      expect(await fits()).toBe(true);
      await page.getByRole('link', { name: 'Usage' }).click();
      await page.getByRole('img', { name: 'Jobs and bytes used this period' }).waitFor();
      expect(await page.getByRole('rowheader', { name: 'input_bytes' }).count()).toBe(1);
      expect(await fits()).toBe(true);
    });
  });
});
