import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Long enough for a PDF conversion on a busy 2-core machine. */
export const JOB_TIMEOUT_MS = 120_000;

/** Opens the console and signs in with the key. */
export async function signIn(page: Page, url: string, apiKey: string): Promise<void> {
  await page.goto(`${url}/console/`);
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Waits for the job page to show `succeeded` and returns the job id from the URL. */
export async function waitForSucceededJob(page: Page): Promise<string> {
  await page
    .getByTestId('job-status')
    .filter({ hasText: /^(succeeded|failed|canceled|expired)$/ })
    .waitFor({
      timeout: JOB_TIMEOUT_MS,
    });
  expect(await page.getByTestId('job-status').textContent()).toBe('succeeded');
  return decodeURIComponent(new URL(page.url()).hash.replace('#/jobs/', ''));
}

/** Converts a text through the form ("Paste text") with a profile and waits for the job to succeed. */
export async function convertText(page: Page, text: string, profile = 'source_summary'): Promise<string> {
  await page.getByRole('link', { name: 'New conversion' }).click();
  await page.getByRole('radio', { name: 'Paste text' }).check();
  await page.getByLabel('Text', { exact: true }).fill(text);
  await page.getByLabel('Profile').selectOption(profile);
  await page.getByRole('button', { name: 'Convert' }).click();
  return waitForSucceededJob(page);
}

/** Console messages that report a Content-Security-Policy violation. */
export function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}
