import type { OpenApiDocument } from '@transmute/contract';
import { exampleFromSchema } from './example-from-schema.js';
import { html, table, type SafeHtml } from './html.js';
import type { PageContent } from './layout.js';
import { listOperations, problemCodesOf, resolveRef, type DocumentOperation } from './openapi-operations.js';
import {
  describe,
  propertiesTable,
  renderSchema,
  schemaRefName,
  typeSummary,
  type SchemaNode,
} from './render-schema.js';

/** The anchor of an operation on the reference page. */
export const operationAnchor = (operationId: string): string => `op-${operationId}`;

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parametersTable(document: OpenApiDocument, operation: SchemaNode): SafeHtml {
  const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
  if (parameters.length === 0) return html`<p>No parameters.</p>`;
  const rows = parameters.map((reference) => {
    const parameter = resolveRef(document, reference);
    return html`<tr>
      <td><code>${asText(parameter.name)}</code></td>
      <td>${asText(parameter.in)}</td>
      <td>${parameter.required === true ? 'yes' : 'no'}</td>
      <td>${typeSummary(parameter.schema)}</td>
      <td>${describe(parameter.description)}</td>
    </tr>`;
  });
  return table(['name', 'in', 'required', 'type', 'description'], rows);
}

function requestBodySection(document: OpenApiDocument, operation: SchemaNode): SafeHtml {
  const body = isNode(operation.requestBody) ? operation.requestBody : null;
  if (body === null) return html`<p>No request body.</p>`;
  const content = isNode(body.content) ? body.content : {};
  const first = Object.values(content).find(isNode);
  const schema = first?.schema;
  const name = schemaRefName(schema);
  const table = propertiesTable(resolveRef(document, schema));
  return html`<p>
      ${Object.keys(content).map((type, index) => html`${index === 0 ? '' : ' or '}<code>${type}</code>`)}:
      ${typeSummary(schema)}${name === null ? '' : ' (fields below)'}.
    </p>
    ${table ?? ''}`;
}

function responsesTable(operation: SchemaNode): SafeHtml {
  const responses = isNode(operation.responses) ? operation.responses : {};
  const rows = Object.entries(responses).map(([status, response]) => {
    const answer = isNode(response) ? response : {};
    const content = isNode(answer.content) ? answer.content : {};
    const bodies = Object.entries(content).map(([type, media]) => {
      const schema = isNode(media) ? media.schema : undefined;
      const shown = type === 'application/problem+json' ? { $ref: '#/components/schemas/Problem' } : schema;
      return html`<code>${type}</code> ${schema === undefined ? '' : typeSummary(shown)}<br />`;
    });
    const headers = isNode(answer.headers) ? Object.keys(answer.headers) : [];
    return html`<tr>
      <td>${status}</td>
      <td>${describe(answer.description)}</td>
      <td>${bodies}</td>
      <td>${headers.map((name, index) => html`${index === 0 ? '' : ', '}<code>${name}</code>`)}</td>
    </tr>`;
  });
  return table(['status', 'meaning', 'body', 'headers'], rows);
}

/** The JSON body of the first media type of a request body or response, or undefined for none. */
function firstSchema(owner: unknown): unknown {
  const content = isNode(owner) && isNode(owner.content) ? owner.content : {};
  const media = Object.values(content).find(isNode);
  return media?.schema;
}

/**
 * A request and its success answer, generated from the operation's schemas (a request with the
 * required fields only, an answer with every field): path parameters filled with sample ids, the
 * headers the operation needs.
 */
function examplesSection(document: OpenApiDocument, operation: DocumentOperation): SafeHtml {
  const { object } = operation;
  const parameters = (Array.isArray(object.parameters) ? object.parameters : []).map((reference) =>
    resolveRef(document, reference),
  );
  let path = operation.path;
  const headers = ['Authorization: Bearer tmk_…'];
  for (const parameter of parameters) {
    const name = asText(parameter.name);
    const value = exampleFromSchema(document, parameter.schema, 'required', name);
    if (parameter.in === 'path') path = path.replace(`{${name}}`, String(value));
    if (parameter.in === 'header' && parameter.required === true) headers.push(`${name}: ${String(value)}`);
  }
  const requestSchema = isNode(object.requestBody) ? firstSchema(object.requestBody) : undefined;
  const request = [`${operation.method} {base}${path}`, ...headers];
  if (requestSchema !== undefined) {
    request.push('Content-Type: application/json', '');
    request.push(JSON.stringify(exampleFromSchema(document, requestSchema, 'required'), null, 2));
  }
  const responses = isNode(object.responses) ? object.responses : {};
  const [status = '200', success] = Object.entries(responses).find(([code]) => code.startsWith('2')) ?? [];
  const responseSchema = firstSchema(success);
  const response = [`HTTP/1.1 ${status}`];
  if (responseSchema !== undefined) {
    response.push('Content-Type: application/json', '');
    response.push(JSON.stringify(exampleFromSchema(document, responseSchema, 'all'), null, 2));
  }
  return html`<h4>Example</h4>
    <p>Request (required fields only):</p>
    <pre class="example-request"><code>${request.join('\n')}</code></pre>
    <p>Response:</p>
    <pre class="example-response"><code>${response.join('\n')}</code></pre>`;
}

function problemList(operation: SchemaNode): SafeHtml {
  const codes = problemCodesOf(operation);
  return html`<p>
    Problem codes:
    ${codes.map(
      (code, index) =>
        html`${index === 0 ? '' : ', '}<a href="problems/${code}.html"><code>${code}</code></a>`,
    )}.
  </p>`;
}

function renderOperation(document: OpenApiDocument, operation: DocumentOperation): SafeHtml {
  const { object } = operation;
  return html`<section class="operation" id="${operationAnchor(operation.operationId)}">
    <h3><span class="method">${operation.method}</span> <code>${operation.path}</code></h3>
    <p><strong>${asText(object.summary)}</strong> — operation <code>${operation.operationId}</code></p>
    ${describe(object.description)}
    <h4>Parameters</h4>
    ${parametersTable(document, object)}
    <h4>Request body</h4>
    ${requestBodySection(document, object)}
    <h4>Responses</h4>
    ${responsesTable(object)} ${problemList(object)} ${examplesSection(document, operation)}
  </section>`;
}

function renderWebhooks(document: OpenApiDocument): SafeHtml {
  return html`${Object.entries(document.webhooks).map(([name, item]) => {
    const post = isNode(item) && isNode(item.post) ? item.post : {};
    return html`<section class="operation" id="webhook-${name}">
      <h3><span class="method">POST</span> <code>your endpoint</code> (webhook <code>${name}</code>)</h3>
      <p><strong>${asText(post.summary)}</strong></p>
      ${describe(post.description)}
      <h4>Headers</h4>
      ${parametersTable(document, post)}
      <h4>Body</h4>
      ${requestBodySection(document, post)}
    </section>`;
  })}`;
}

/** `reference.html`: every operation of the OpenAPI document by tag, its webhooks and its schemas. */
export function renderReference(document: OpenApiDocument): PageContent {
  const operations = listOperations(document);
  const byTag = document.tags.map((tag) => ({
    tag,
    operations: operations.filter((operation) => operation.tag === tag.name),
  }));
  const main = html`<h1>API reference</h1>
    ${describe(document.info.description)}
    <p>
      ${document.info.title} ${document.info.version}, rendered from the OpenAPI document this server serves
      at <code>{base}/openapi.json</code> and <code>{base}/openapi.yaml</code> (copies:
      <a href="openapi.json">openapi.json</a>, <a href="openapi.yaml">openapi.yaml</a>). Every request carries
      <code>Authorization: Bearer &lt;API key&gt;</code>; every error is a
      <a href="problems.html">problem</a>.
    </p>
    <h2 id="operations">Operations</h2>
    <ul>
      ${byTag.map(
        ({ tag, operations: tagged }) =>
          html`<li>
            <a href="#tag-${tag.name}">${tag.name}</a>:
            ${tagged.map(
              (operation, index) =>
                html`${index === 0 ? '' : ', '}<a href="#${operationAnchor(operation.operationId)}"
                    ><code>${operation.operationId}</code></a
                  >`,
            )}
          </li>`,
      )}
    </ul>
    ${byTag.map(
      ({ tag, operations: tagged }) =>
        html`<h2 id="tag-${tag.name}">${tag.name}</h2>
          <p>${tag.description}</p>
          ${tagged.map((operation) => renderOperation(document, operation))}`,
    )}
    <h2 id="webhooks">Webhooks</h2>
    ${renderWebhooks(document)}
    <h2 id="schemas">Schemas</h2>
    ${Object.entries(document.components.schemas).map(([name, node]) => renderSchema(name, isNode(node) ? node : {}))}`;
  return { path: 'reference.html', title: 'API reference', main };
}
