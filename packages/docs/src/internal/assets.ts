/**
 * The site's icon: a square with a "T", as SVG. Inlined in every page's `<link rel="icon">` (a
 * `data:` URI, which the CSP's `img-src` allows) and served as `favicon.svg` (and at `/favicon.ico`).
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b5cad"/><path d="M8 9h16v4h-6v12h-4V13H8z" fill="#fff"/></svg>';

/** The favicon as a `data:` URI for `<link rel="icon">`. */
export const FAVICON_DATA_URI = `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`;

/**
 * `copy.js`, the site's one script (a file, so the CSP keeps `script-src 'self'` and no inline
 * script): a "Copy" button on every code block, which copies the block's text.
 */
export const COPY_SCRIPT = `'use strict';
for (const pre of document.querySelectorAll('pre')) {
  const block = document.createElement('div');
  block.className = 'code-block';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  button.textContent = 'Copy';
  button.setAttribute('aria-label', 'Copy the code');
  let reset = 0;
  button.addEventListener('click', () => {
    const text = (pre.querySelector('code') ?? pre).textContent ?? '';
    const done = (label) => {
      button.textContent = label;
      clearTimeout(reset);
      reset = setTimeout(() => { button.textContent = 'Copy'; }, 2000);
    };
    navigator.clipboard.writeText(text).then(() => done('Copied'), () => done('Copy failed'));
  });
  pre.replaceWith(block);
  block.append(button, pre);
}
`;
