/**
 * The console as a playground (issue 28, point 5), in Debian's Chromium against a real service on
 * loopback, at 1280 and at 375 px: upload, convert, read rendered and raw, download every format,
 * copy the same request as curl / TypeScript / Python (and run each copied snippet),
 * delete with confirmation, usage bars, and errors that name the fix. Screenshots of each screen
 * are written under the test's temp dir and checked.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_PROFILE_DESCRIPTIONS } from '@transmute/contract';
import { ROOT } from '../blackbox/support/service.js';
import { launchBrowser, withPage, type Browser } from './support/browser.js';
import { JOB_TIMEOUT_MS, signIn, waitForSucceededJob } from './support/console-page.js';
import { startConsoleStack, type ConsoleStack } from './support/console-stack.js';
import { expectFitsViewport, screenshotChecked } from './support/viewport-checks.js';

const run = promisify(execFile);
const ARTICLE = join(ROOT, 'fixtures/text/markdown-article/input.md');
/** Accepted as a file, but holds no text: the job fails with `empty_content`. */
const WHITESPACE = join(ROOT, 'fixtures/text/whitespace-only/input.txt');

let stack: ConsoleStack;
let shots: string;

beforeAll(async () => {
  stack = await startConsoleStack();
  shots = mkdtempSync(join(tmpdir(), 'transmute-console-shots-'));
}, 120_000);

afterAll(async () => {
  await stack?.close();
  if (shots !== undefined) rmSync(shots, { recursive: true, force: true });
});

/** Clicks a download link and returns the downloaded bytes. */
async function download(page: Page, name: RegExp): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name }).first().click();
  return readFileSync(await (await downloading).path());
}

/** Clicks a copy button and returns what reached the clipboard. */
async function copied(page: Page, label: string): Promise<string> {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('button', { name: 'Copied' }).first().waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

/**
 * Runs a copied TypeScript snippet as a user's module would run it, from the article's directory
 * (it uploads `input.md` by name): `@transmute/client` resolves from a `node_modules` beside the
 * module (the e2e package's, where the workspace links the client), read through its sources.
 * Returns what it printed.
 */
async function runTypeScript(snippet: string, name: string, env: NodeJS.ProcessEnv): Promise<string> {
  const project = join(shots, name);
  mkdirSync(project, { recursive: true });
  symlinkSync(join(ROOT, 'packages/e2e/node_modules'), join(project, 'node_modules'));
  writeFileSync(join(project, 'snippet.mts'), snippet);
  const tsx = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  const { stdout } = await run(
    process.execPath,
    ['--conditions=development', '--import', tsx, join(project, 'snippet.mts')],
    { cwd: dirname(ARTICLE), env, timeout: JOB_TIMEOUT_MS },
  );
  return stdout.trim();
}

/** The card of the output of `format`, once its content or files are shown. */
function outputCard(page: Page, format: string) {
  return page.locator('article.output', { has: page.locator('h3', { hasText: ` · ${format} · ` }) });
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]) {
  const at = `${String(viewport.width)}px`;

  describe(`the console playground at ${at}`, { timeout: 400_000 }, () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser(viewport);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('uploads and converts with the default profile explained, reads rendered and raw, downloads markdown, JSONL and zip, copies and runs the same request, deletes with confirmation', async () => {
      await withPage(browser, `playground-${at}`, async (page) => {
        await signIn(page, stack.url, stack.apiKey);
        // One default profile, explained where it is chosen.
        expect(await page.getByLabel('Profile').inputValue()).toBe('raw_source');
        expect(await page.getByTestId('profile-hint').textContent()).toContain(
          OUTPUT_PROFILE_DESCRIPTIONS.raw_source.purpose,
        );
        await page.getByLabel('Profile').selectOption('dataset_markdown');
        expect(await page.getByTestId('profile-hint').textContent()).toContain(
          OUTPUT_PROFILE_DESCRIPTIONS.dataset_markdown.purpose,
        );
        await page.getByLabel('Profile').selectOption('raw_source');
        await page.getByRole('radio', { name: 'Upload files' }).check();
        await page.getByLabel('Drop files here or choose them').setInputFiles(ARTICLE);
        await expectFitsViewport(page);
        await screenshotChecked(page, shots, `${at}-new`);
        await page.getByRole('button', { name: 'Convert' }).click();
        const jobId = await waitForSucceededJob(page);
        expect(await page.getByTestId('job-source').textContent()).toBe('input.md');

        // Rendered, raw, and both side by side.
        const markdownCard = outputCard(page, 'markdown');
        const rendered = markdownCard.getByTestId('output-rendered');
        await expect.poll(() => rendered.textContent(), { timeout: 30_000 }).toContain('durable job queue');
        expect(await markdownCard.getByTestId('output-raw').count()).toBe(0);
        await markdownCard.getByRole('button', { name: 'Raw' }).click();
        const raw = (await markdownCard.getByTestId('output-raw').textContent()) ?? '';
        expect(raw).toMatch(/^# /m);
        expect(await markdownCard.getByTestId('output-rendered').count()).toBe(0);
        await markdownCard.getByRole('button', { name: 'Side by side' }).click();
        expect(await markdownCard.getByTestId('output-rendered').isVisible()).toBe(true);
        expect(await markdownCard.getByTestId('output-raw').isVisible()).toBe(true);
        await expectFitsViewport(page);
        await screenshotChecked(page, shots, `${at}-job`);

        // Markdown downloads as the bytes the raw view shows, and as the manifest's digest says.
        const markdownBytes = await download(page, /^Download .*\.md$/);
        expect(markdownBytes.toString('utf8').trim()).toBe(raw.trim());
        const digest = (await markdownCard.locator('code.digest').first().textContent()) ?? '';
        expect(createHash('sha256').update(markdownBytes).digest('hex')).toBe(digest);

        // The same profile as JSONL and as a zip, each downloadable.
        await markdownCard.getByRole('button', { name: 'Also as jsonl' }).click();
        const jsonlCard = outputCard(page, 'jsonl');
        await jsonlCard.getByRole('link', { name: /^Download / }).waitFor({ timeout: JOB_TIMEOUT_MS });
        const jsonl = (await download(page, /^Download .*\.jsonl$/)).toString('utf8');
        const records = jsonl
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        expect(records.length).toBeGreaterThan(1);
        expect(records.some((record) => String(record.text).includes('durable job queue'))).toBe(true);
        await markdownCard.getByRole('button', { name: 'Also as zip' }).click();
        const zipCard = outputCard(page, 'zip');
        await zipCard.getByRole('link', { name: /^Download / }).waitFor({ timeout: JOB_TIMEOUT_MS });
        const zip = await download(page, /^Download .*\.zip$/);
        expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
        await expectFitsViewport(page);

        // The same request as code, copied; the curl, the TypeScript and the Python run as copied.
        await page.getByText('The same request as curl, TypeScript or Python').click();
        const curl = await copied(page, 'Copy curl');
        expect(curl).toContain(`${stack.url}/v1/jobs`);
        expect(curl).not.toContain(stack.apiKey);
        const env = { ...process.env, TRANSMUTE_API_KEY: stack.apiKey };
        const created: unknown = JSON.parse((await run('bash', ['-c', curl], { env })).stdout);
        expect(created, JSON.stringify(created)).toMatchObject({ id: expect.stringMatching(/^job_/) });
        expect((created as { id: string }).id).not.toBe(jobId);
        await page.getByRole('button', { name: 'TypeScript' }).click();
        const typescript = await copied(page, 'Copy TypeScript');
        expect(typescript).toContain('createJobAndWait');
        expect(typescript).toContain('"input.md"');
        expect(typescript).not.toContain(stack.apiKey);
        expect(await runTypeScript(typescript, `${at}-snippet`, env)).toBe(raw.trim());
        await page.getByRole('button', { name: 'Python' }).click();
        const python = await copied(page, 'Copy Python');
        expect(python).not.toContain(stack.apiKey);
        const printed = await run('python3', ['-c', python], {
          cwd: dirname(ARTICLE),
          env: { ...env, PYTHONPATH: join(ROOT, 'packages/client-python') },
          timeout: JOB_TIMEOUT_MS,
        });
        expect(printed.stdout.trim()).toBe(raw.trim());
        await expectFitsViewport(page);

        // The jobs list: file name, profile, status, time; delete only once confirmed.
        await page.getByRole('link', { name: 'Jobs' }).click();
        const row = page.locator('tbody tr', { has: page.locator(`a[title="${jobId}"]`) });
        await row.waitFor();
        const cells = await row.locator('td').allTextContents();
        expect(cells.slice(1, 4)).toEqual(['input.md', 'raw_source', 'succeeded']);
        expect(await row.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
        await expectFitsViewport(page);
        await screenshotChecked(page, shots, `${at}-jobs`);
        await row.getByRole('button', { name: `Delete job ${jobId}` }).click();
        await row.getByRole('button', { name: 'Keep' }).click();
        expect(await row.count()).toBe(1);
        await row.getByRole('button', { name: `Delete job ${jobId}` }).click();
        await expectFitsViewport(page);
        await row.getByRole('button', { name: 'Yes, delete' }).click();
        await expect.poll(() => row.count()).toBe(0);
      });
    });

    it('reads a long output in a scroll box, not a page tens of thousands of pixels tall', async () => {
      await withPage(browser, `long-output-${at}`, async (page) => {
        await signIn(page, stack.url, stack.apiKey);
        const paragraphs = Array.from(
          { length: 600 },
          (_, index) => `## Section ${String(index + 1)}\n\nParagraph ${String(index + 1)} of a long report.`,
        );
        await page.getByRole('radio', { name: 'Paste text' }).check();
        // Pasted as a paste arrives, one input event: Chromium 156's `fill` (CDP insertText) grows
        // superlinear in a textarea (29 KB: 32 s on this machine, plain page, no script of ours).
        await page.getByLabel('Text', { exact: true }).evaluate(
          (area: HTMLTextAreaElement, value: string) => {
            area.value = value;
            area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
          },
          `# Long report\n\n${paragraphs.join('\n\n')}`,
        );
        await page.getByRole('button', { name: 'Convert' }).click();
        await waitForSucceededJob(page);
        const rendered = page.getByTestId('output-rendered').first();
        await expect.poll(() => rendered.textContent(), { timeout: 30_000 }).toContain('Section 600');
        const heights = await page.evaluate(() => ({
          page: document.documentElement.scrollHeight,
          viewport: window.innerHeight,
        }));
        const box = await rendered.boundingBox();
        expect(box?.height ?? Infinity).toBeLessThanOrEqual(heights.viewport * 0.75);
        expect(heights.page).toBeLessThan(heights.viewport * 6);
        await expectFitsViewport(page);
      });
    });
  });
}

describe('the console names the fix', { timeout: 300_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ width: 375, height: 740 });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('says a 0-byte file is empty, with no stale sha256 bar', async () => {
    await withPage(browser, 'empty-file', async (page) => {
      await signIn(page, stack.url, stack.apiKey);
      await page.getByRole('radio', { name: 'Upload files' }).check();
      await page
        .getByLabel('Drop files here or choose them')
        .setInputFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
      await page.getByRole('button', { name: 'Convert' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('empty.txt is empty (0 bytes)');
      expect(await page.locator('.upload-progress').count()).toBe(0);
      expect(await page.getByText('computing sha256').count()).toBe(0);
      await expectFitsViewport(page);
    });
  });

  it("shows a failed job's reason once, with the failure-code page that names the fix", async () => {
    await withPage(browser, 'failed-job', async (page) => {
      await signIn(page, stack.url, stack.apiKey);
      await page.getByRole('radio', { name: 'Upload files' }).check();
      await page.getByLabel('Drop files here or choose them').setInputFiles(WHITESPACE);
      await page.getByRole('button', { name: 'Convert' }).click();
      await page
        .getByTestId('job-status')
        .filter({ hasText: /^failed$/ })
        .waitFor({ timeout: JOB_TIMEOUT_MS });
      const alert = page.getByRole('alert');
      expect(await alert.count()).toBe(1);
      const code = (await alert.locator('.problem-title').textContent()) ?? '';
      const detail = (await alert.locator('.problem-detail').textContent()) ?? '';
      expect(code).toMatch(/^[a-z_]+$/);
      expect(detail.length).toBeGreaterThan(10);
      // The reason is said once on the page, not again as a warning or in the progress line.
      const body = (await page.locator('main').textContent()) ?? '';
      expect(body.split(detail).length - 1).toBe(1);
      const link = alert.getByRole('link', { name: `What ${code} means and how to fix it` });
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toBe(`${stack.url}/docs/failures/${code}.html`);
      const pageAnswer = await fetch(href);
      expect(pageAnswer.status).toBe(200);
      expect(await pageAnswer.text()).toContain(code);
      await expectFitsViewport(page);
      await screenshotChecked(page, shots, 'failed-job-375px');
    });
  });

  it('scales each usage bar against its own limit', async () => {
    await withPage(browser, 'usage', async (page) => {
      await signIn(page, stack.url, stack.apiKey);
      await page.getByRole('link', { name: 'Usage' }).click();
      const bar = page.locator('rect[data-bar="Input bytes"]');
      await bar.waitFor();
      const answer = await fetch(`${stack.url}/v1/usage`, {
        headers: { authorization: `Bearer ${stack.apiKey}` },
      });
      const usage = (await answer.json()) as {
        input_bytes: number;
        jobs_created: number;
        limits: { input_bytes: number; jobs: number };
      };
      expect(usage.input_bytes).toBeGreaterThan(0);
      expect(Number(await bar.getAttribute('data-fraction'))).toBeCloseTo(
        usage.input_bytes / usage.limits.input_bytes,
        5,
      );
      expect(Number(await page.locator('rect[data-bar="Jobs"]').getAttribute('data-fraction'))).toBeCloseTo(
        usage.jobs_created / usage.limits.jobs,
        5,
      );
      await expectFitsViewport(page);
      await screenshotChecked(page, shots, 'usage-375px');
    });
  });
});

describe('the console without private networks', { timeout: 120_000 }, () => {
  let strict: ConsoleStack;
  let browser: Browser;
  beforeAll(async () => {
    strict = await startConsoleStack({ allowPrivateNetworks: false });
    browser = await launchBrowser({ width: 375, height: 740 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await strict?.close();
  });

  it('refuses a loopback URL naming the setting that allows it, once', async () => {
    await withPage(browser, 'loopback-url', async (page) => {
      await signIn(page, strict.url, strict.apiKey);
      await page.getByRole('radio', { name: 'Paste a URL' }).check();
      await page.getByLabel('URL', { exact: true }).fill('http://127.0.0.1:9/report');
      await page.getByRole('button', { name: 'Convert' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      const text = (await alert.textContent()) ?? '';
      expect(text).toContain('loopback');
      expect(text.split('--allow-private-networks').length - 1).toBe(1);
      await expectFitsViewport(page);
    });
  });
});
