import { API_ERRORS, FAILURE_CODES, isApiErrorCode, type FailureCode } from '@transmute/contract';
import { html, rawHtml, table } from './html.js';
import type { PageContent } from './layout.js';
import { renderInlineMarkdown } from './markdown.js';
import { FAILURE_ADVICE } from './failure-advice.js';

/** Where a job failure code's page lives in the site. */
export const failurePagePath = (code: string): string => `failures/${code}.html`;

const FAILURE_CODE_LIST = Object.keys(FAILURE_CODES) as FailureCode[];

function renderFailure(code: FailureCode): PageContent {
  const problem = isApiErrorCode(code) ? API_ERRORS[code] : null;
  const main = html`<h1><code>${code}</code></h1>
    <p class="muted">A job and output failure code, not an HTTP error.</p>
    <h2>What it means</h2>
    <p>${FAILURE_CODES[code]}</p>
    <p>
      The job (or the output) was created fine and ended <code>failed</code>; its
      <code>progress.detail</code> starts with <code>${code}:</code> followed by a sentence about this source
      (the same code can appear in <code>warnings</code> when only part of the source failed).
    </p>
    <h2>What to do</h2>
    <p>${rawHtml(renderInlineMarkdown(FAILURE_ADVICE[code]))}</p>
    ${
      problem === null
        ? ''
        : html`<p>
            The same code is also an HTTP problem (<code>${problem.status}</code>): see
            <a href="../problems/${code}.html"><code>${code}</code> as a problem</a>.
          </p>`
    }
    <h2>Example</h2>
    <pre><code>${JSON.stringify({ status: 'failed', progress: { detail: `${code}: ${FAILURE_CODES[code]}` } }, null, 2)}</code></pre>
    <p>
      <a href="../failures.html">All failure codes</a> ·
      <a href="../guides/errors.html#jobs-that-fail-are-not-errors">Jobs that fail are not errors</a>
    </p>`;
  return { path: failurePagePath(code), title: code, main };
}

/** One page per job failure code of the catalogue (`FAILURE_CODES`), plus `failures.html`, the table of them all. */
export function renderFailurePages(): PageContent[] {
  const index = html`<h1>Job failure codes</h1>
    <p>
      A job that cannot be converted is created fine (201) and ends <code>failed</code>: its
      <code>progress.detail</code> holds one of these codes and a sentence (<code>corrupt_file: …</code>).
      Outputs likewise. They are not HTTP errors; those are the <a href="problems.html">problem codes</a>.
    </p>
    ${table(
      ['code', 'what it means'],
      FAILURE_CODE_LIST.map(
        (code) =>
          html`<tr>
            <td>
              <a href="${failurePagePath(code)}"><code>${code}</code></a>
            </td>
            <td>${FAILURE_CODES[code]}</td>
          </tr>`,
      ),
    )}`;
  return [
    { path: 'failures.html', title: 'Job failure codes', main: index },
    ...FAILURE_CODE_LIST.map(renderFailure),
  ];
}
