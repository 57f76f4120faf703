import { API_ERRORS, type ApiErrorCode, type OpenApiDocument } from '@transmute/contract';
import { html, rawHtml, table } from './html.js';
import type { PageContent } from './layout.js';
import { renderInlineMarkdown } from './markdown.js';
import { listOperations, problemCodesOf } from './openapi-operations.js';
import { PROBLEM_ADVICE } from './problem-advice.js';
import { operationAnchor } from './render-reference.js';

/** Where a problem code's page lives in the site (its `type` URI without the `.html`). */
export const problemPagePath = (code: string): string => `problems/${code}.html`;

const yesNo = (value: boolean): string => (value ? 'yes' : 'no');

/** The contract's example problem of the code, its `type` shown as the deployment makes it. */
function exampleBody(document: OpenApiDocument, code: string): string {
  const example = document.components.examples[`problem_${code}`] as
    { value?: Record<string, unknown> } | undefined;
  const { type: _contractType, ...rest } = example?.value ?? {};
  return JSON.stringify({ type: `{base}/docs/problems/${code}`, ...rest }, null, 2);
}

function renderProblem(document: OpenApiDocument, code: ApiErrorCode): PageContent {
  const entry = API_ERRORS[code];
  const operations = listOperations(document).filter((operation) =>
    problemCodesOf(operation.object).includes(code),
  );
  const main = html`<h1><code>${code}</code></h1>
    <div class="table-scroll">
      <table>
        <tbody>
          <tr>
            <th>status</th>
            <td>${entry.status}</td>
          </tr>
          <tr>
            <th>title</th>
            <td>${entry.title}</td>
          </tr>
          <tr>
            <th>retryable</th>
            <td>${yesNo(entry.retryable)}</td>
          </tr>
          <tr>
            <th>replayed with its <code>Idempotency-Key</code></th>
            <td>${yesNo(entry.remembered)}</td>
          </tr>
        </tbody>
      </table>
    </div>
    <h2>What it means</h2>
    <p>
      The server answers <code>${entry.status}</code> with <code>"code": "${code}"</code> —
      ${entry.title.toLowerCase()}.
    </p>
    <h2>Typical causes</h2>
    <p>${rawHtml(renderInlineMarkdown(`Answered when ${entry.when}.`))}</p>
    <h2>How to fix it</h2>
    <p>${rawHtml(renderInlineMarkdown(PROBLEM_ADVICE[code]))}</p>
    <h2>Where it comes from</h2>
    ${
      operations.length === 0
        ? html`<p>
            No single operation: it is answered before a request reaches one (by the HTTP layer or the
            router).
          </p>`
        : html`<ul>
            ${operations.map(
              (operation) =>
                html`<li>
                  <a href="../reference.html#${operationAnchor(operation.operationId)}"
                    ><code>${operation.operationId}</code></a
                  >
                  — <code>${operation.method} ${operation.path}</code>
                </li>`,
            )}
          </ul>`
    }
    <h2>Example body</h2>
    <p>
      Every error is <code>application/problem+json</code> (RFC 9457); <code>type</code> points to this page
      on the server that answered.
    </p>
    <pre><code>${exampleBody(document, code)}</code></pre>
    <p>
      <a href="../problems.html">All problem codes</a> · <a href="../guides/errors.html">Handling errors</a>
    </p>`;
  return { path: problemPagePath(code), title: code, main };
}

/** One page per catalogue code, plus `problems.html`, the table of them all. */
export function renderProblemPages(document: OpenApiDocument): PageContent[] {
  const codes = Object.keys(API_ERRORS) as ApiErrorCode[];
  const index = html`<h1>Problem codes</h1>
    <p>
      Every error response is <code>application/problem+json</code> with <code>type</code>,
      <code>title</code>, <code>status</code>, <code>code</code>, <code>detail</code>,
      <code>request_id</code>, <code>retryable</code> and, for validation errors, <code>field_errors</code>.
      Its <code>type</code> is the page of its code here.
    </p>
    ${table(
      ['status', 'code', 'title', 'retryable'],
      codes.map(
        (code) =>
          html`<tr>
            <td>${API_ERRORS[code].status}</td>
            <td>
              <a href="${problemPagePath(code)}"><code>${code}</code></a>
            </td>
            <td>${API_ERRORS[code].title}</td>
            <td>${yesNo(API_ERRORS[code].retryable)}</td>
          </tr>`,
      ),
    )}`;
  return [
    { path: 'problems.html', title: 'Problem codes', main: index },
    ...codes.map((code) => renderProblem(document, code)),
  ];
}
