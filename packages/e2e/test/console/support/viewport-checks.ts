import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Checks the page fits its viewport: nothing scrolls sideways, and every visible button lies
 * within the screen (none cut off at the right edge).
 */
export async function expectFitsViewport(page: Page): Promise<void> {
  const report = await page.evaluate(() => {
    const width = window.innerWidth;
    const outside = [...document.querySelectorAll('button')]
      .filter((button) => button.offsetParent !== null && !button.closest('.table-scroll'))
      .map((button) => ({ text: button.textContent ?? '', box: button.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > width + 0.5))
      .map(({ text, box }) => `${text} (${String(Math.round(box.left))}–${String(Math.round(box.right))})`);
    return { width, scrollWidth: document.documentElement.scrollWidth, outside };
  });
  expect(report.scrollWidth).toBeLessThanOrEqual(report.width);
  expect(report.outside).toEqual([]);
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Writes a full-page screenshot under `dir` and checks it: a PNG exactly as wide as the viewport
 * (a page wider than the screen would make it wider) and at least as tall as it.
 */
export async function screenshotChecked(page: Page, dir: string, name: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  const viewport = page.viewportSize();
  const size = pngSize(readFileSync(file));
  expect(size.width).toBe(viewport?.width);
  expect(size.height).toBeGreaterThanOrEqual(viewport?.height ?? 1);
  return file;
}
