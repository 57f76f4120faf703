/**
 * The web console's management views in a real browser against a real service: problems as the
 * API reports them, the jobs list (filter, cursor paging, delete, cancel) and webhook endpoint
 * upkeep (events, pause/resume, rotate).
 */
import { createClient } from '@transmute/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, withPage, type Browser } from './support/browser.js';
import { convertText, signIn } from './support/console-page.js';
import { startConsoleStack, type ConsoleStack } from './support/console-stack.js';
import { startSlowPage, type SlowPage } from './support/slow-page.js';

let stack: ConsoleStack;
let browser: Browser;
let slow: SlowPage;

beforeAll(async () => {
  stack = await startConsoleStack();
  browser = await launchBrowser();
  slow = await startSlowPage();
}, 120_000);

afterAll(async () => {
  await slow?.close();
  await browser?.close();
  await stack?.close();
});

describe('the web console manages', { timeout: 300_000 }, () => {
  it('shows a refused sign-in as the problem: title, detail and request id', async () => {
    await withPage(browser, 'bad-key', async (page) => {
      await page.goto(`${stack.url}/console/`);
      await page.getByLabel('API key').fill('tmk_not_a_real_key');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const problem = page.getByRole('alert');
      await problem.waitFor();
      expect(await problem.locator('.problem-title').textContent()).not.toBe('');
      expect(await problem.locator('.problem-detail').textContent()).not.toBe('');
      expect(await problem.locator('.problem-request-id').textContent()).toMatch(/^req_/);
      expect(await problem.textContent()).toContain('401');
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    });
  });

  it('says a server that cannot be reached could not be, naming it, with no request id or status', async () => {
    await withPage(browser, 'no-answer', async (page) => {
      await page.goto(`${stack.url}/console/`);
      // The server goes away after serving the console: every API request is refused.
      await page.route('**/v1/**', (route) => route.abort('connectionrefused'));
      await page.getByLabel('API key').fill(stack.apiKey);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const problem = page.getByRole('alert');
      await problem.waitFor();
      expect(await problem.locator('.problem-title').textContent()).toBe('Connection failed');
      const detail = (await problem.locator('.problem-detail').textContent()) ?? '';
      expect(detail).toContain(`${stack.url}/v1/`);
      expect(detail).toContain(`Is the server running at ${stack.url}?`);
      expect(await problem.locator('.problem-request-id').count()).toBe(0);
      expect(await problem.textContent()).not.toContain('about:blank');
    });
  });

  it('cancels a running job, then filters, pages and deletes jobs', async () => {
    await withPage(browser, 'jobs', async (page) => {
      await signIn(page, stack.url, stack.apiKey);
      // A URL that never finishes loading keeps the job processing until it is canceled.
      await page.getByRole('radio', { name: 'Paste a URL' }).check();
      await page.getByLabel('URL', { exact: true }).fill(slow.url);
      await page.getByRole('button', { name: 'Convert' }).click();
      await page.getByRole('button', { name: 'Cancel job' }).click();
      await page
        .getByTestId('job-status')
        .filter({ hasText: /^(canceling|canceled)$/ })
        .waitFor({ timeout: 60_000 });
      await page
        .getByTestId('job-status')
        .filter({ hasText: /^canceled$/ })
        .waitFor({ timeout: 60_000 });
      expect(await page.getByRole('alert').textContent()).toContain('job_canceled');

      for (const n of [1, 2]) await convertText(page, `# Note ${String(n)}\n\nText ${String(n)}.`);
      await page.getByRole('link', { name: 'Jobs' }).click();
      const rows = page.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(3);
      await page.getByLabel('Status').selectOption('canceled');
      await expect.poll(() => rows.count()).toBe(1);
      await page.getByLabel('Status').selectOption('succeeded');
      await expect.poll(() => rows.count()).toBe(2);

      // Cursor paging, one page of 20 at a time: with 3 jobs there is no next page.
      expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);

      const first = (await rows.first().locator('code').textContent()) ?? '';
      await page.getByRole('button', { name: `Delete job ${first}` }).click();
      await page.getByRole('button', { name: 'Yes, delete' }).click();
      await expect.poll(() => rows.count()).toBe(1);
      await page.getByLabel('Status').selectOption('');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await page.getByText(first).count()).toBe(0);

      // 20 more jobs (through the API): 22 in all, so a second page of 2 behind the cursor.
      const client = createClient({ baseUrl: stack.url, apiKey: stack.apiKey });
      for (let n = 0; n < 20; n += 1) {
        await client.createJob({
          source: { type: 'text', content: `# Batch ${String(n)}` },
          output: { profile: 'raw_source' },
        });
      }
      await page.reload();
      await expect.poll(() => rows.count()).toBe(20);
      const firstPage = await rows.locator('code').allTextContents();
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => rows.count()).toBe(2);
      const secondPage = await rows.locator('code').allTextContents();
      expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
      expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Previous page' }).click();
      await expect.poll(() => rows.locator('code').allTextContents()).toEqual(firstPage);
    });
  });

  it('edits an endpoint: events, pause and resume, a rotated secret shown once', async () => {
    await withPage(browser, 'endpoint-upkeep', async (page) => {
      await signIn(page, stack.url, stack.apiKey);
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByLabel('Endpoint URL').fill('https://example.com/hooks/transmute');
      await page.getByRole('button', { name: 'Create endpoint' }).click();
      const created = (await page.getByTestId('webhook-secret').textContent()) ?? '';
      await page.getByRole('button', { name: 'I have stored it' }).click();

      const card = page.locator('.endpoint').first();
      await card.getByLabel('output.created').check();
      await card.getByRole('button', { name: 'Save events' }).click();
      await expect
        .poll(() => page.locator('.endpoint').first().getByLabel('output.created').isChecked())
        .toBe(true);
      await page.reload();
      await expect
        .poll(() => page.locator('.endpoint').first().getByLabel('output.created').isChecked())
        .toBe(true);

      await page.locator('.endpoint').first().getByRole('button', { name: 'Pause' }).click();
      await expect.poll(() => page.locator('.endpoint .status').first().textContent()).toBe('paused');
      await page.locator('.endpoint').first().getByRole('button', { name: 'Resume' }).click();
      await expect.poll(() => page.locator('.endpoint .status').first().textContent()).toBe('active');

      await page.locator('.endpoint').first().getByRole('button', { name: 'Rotate secret' }).click();
      const rotated = (await page.getByTestId('webhook-secret').textContent()) ?? '';
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(created);
      // The card's hint follows once the list is read again after the rotation.
      await expect.poll(() => page.locator('.endpoint code').allTextContents()).toContain(rotated.slice(-4));
      await page.getByRole('button', { name: 'I have stored it' }).click();
      expect(await page.content()).not.toContain(rotated);
    });
  });
});
