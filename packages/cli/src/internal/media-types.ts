import { open } from 'node:fs/promises';
import { sniffMediaType } from '@transmute/engine';

/** The media type of a file by its first bytes (magic numbers, markup), if recognizable. */
export async function sniffFile(path: string): Promise<string | undefined> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return await sniffMediaType(buffer.subarray(0, bytesRead), path);
  } finally {
    await handle.close();
  }
}

/** HTML elements whose closing tag marks a text as markup (a fragment like `<h1>…</h1><p>…</p>` too). */
const HTML_CLOSING_TAG =
  /<\/(html|head|body|div|p|h[1-6]|ul|ol|li|table|tr|td|article|section|main|span|a|em|strong|pre|blockquote|title)>/i;

/** `text/html` when a text is HTML (a doctype, an `<html>` element, or tags of HTML elements), else undefined. */
export function sniffMarkup(text: string): string | undefined {
  const head = text.slice(0, 4096).trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'text/html';
  return head.startsWith('<') && HTML_CLOSING_TAG.test(head) ? 'text/html' : undefined;
}
