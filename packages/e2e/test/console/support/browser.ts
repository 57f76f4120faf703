import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from '../../blackbox/support/service.js';

/** Debian's Chromium (`.ci/apt-packages`); no browser is ever downloaded. */
export const CHROMIUM = '/usr/bin/chromium';

/** Where screenshots of failed browser tests go (ignored by git). */
export const SCREENSHOT_DIR = join(ROOT, 'packages/e2e/test-output/console');

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium on a fresh profile. */
export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(viewport = { width: 1280, height: 900 }): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'transmute-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport,
    acceptDownloads: true,
    // The copy buttons write to the clipboard; the tests read it back.
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Runs one browser scenario on a new page; on failure saves a full-page screenshot named after it
 * to {@link SCREENSHOT_DIR}, then fails with the original error.
 */
export async function withPage(
  browser: Browser,
  name: string,
  scenario: (page: Page) => Promise<void>,
): Promise<void> {
  const page = await browser.context.newPage();
  try {
    await scenario(page);
  } catch (error) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = join(SCREENSHOT_DIR, `${name.replaceAll(/[^\w-]+/g, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    await page.close();
  }
}
