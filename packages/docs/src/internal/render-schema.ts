import { html, table, type SafeHtml } from './html.js';
import { renderInlineMarkdown } from './markdown.js';
import { rawHtml } from './html.js';

/** A JSON Schema node of the OpenAPI document, read loosely (the document is plain JSON). */
export type SchemaNode = Record<string, unknown>;

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The anchor of a component schema on the reference page. */
export const schemaAnchor = (name: string): string => `schema-${name}`;

/** The component name of a `#/components/schemas/<Name>` reference, else null. */
export function schemaRefName(node: unknown): string | null {
  if (!isNode(node) || typeof node.$ref !== 'string') return null;
  return /^#\/components\/schemas\/(.+)$/.exec(node.$ref)?.[1] ?? null;
}

function constraints(node: SchemaNode): string[] {
  const out: string[] = [];
  const add = (key: string, label: string): void => {
    if (node[key] !== undefined) out.push(`${label} ${JSON.stringify(node[key])}`);
  };
  add('format', 'format');
  add('pattern', 'pattern');
  add('minLength', 'min length');
  add('maxLength', 'max length');
  add('minimum', '≥');
  add('exclusiveMinimum', '>');
  add('maximum', '≤');
  add('minItems', 'min items');
  add('maxItems', 'max items');
  add('default', 'default');
  if (node.uniqueItems === true) out.push('unique items');
  return out;
}

/** A short description of a schema's type: links for references, `a | b` for choices. */
export function typeSummary(node: unknown, pageOfSchemas = ''): SafeHtml {
  const name = schemaRefName(node);
  if (name !== null) return html`<a href="${pageOfSchemas}#${schemaAnchor(name)}">${name}</a>`;
  if (!isNode(node)) return html`any`;
  const choices = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
  if (Array.isArray(choices))
    return join(
      choices.map((choice) => typeSummary(choice, pageOfSchemas)),
      ' | ',
    );
  if (Array.isArray(node.allOf))
    return join(
      node.allOf.map((part) => typeSummary(part, pageOfSchemas)),
      ' & ',
    );
  if (node.const !== undefined) return html`<code>${JSON.stringify(node.const)}</code>`;
  if (Array.isArray(node.enum))
    return html`one of
    ${join(
      node.enum.map((value) => html`<code>${JSON.stringify(value)}</code>`),
      ', ',
    )}`;
  const types = Array.isArray(node.type)
    ? (node.type as string[])
    : [typeof node.type === 'string' ? node.type : 'any'];
  const base = types.includes('array')
    ? html`array of ${typeSummary(node.items, pageOfSchemas)}`
    : html`${types.join(' | ')}`;
  const limits = constraints(node);
  return limits.length === 0 ? base : html`${base} <span class="muted">(${limits.join(', ')})</span>`;
}

function join(parts: SafeHtml[], separator: string): SafeHtml {
  return html`${parts.map((part, index) => (index === 0 ? part : html`${separator}${part}`))}`;
}

/** A description written in markdown, as inline HTML. */
export function describe(text: unknown): SafeHtml {
  return typeof text === 'string' ? rawHtml(renderInlineMarkdown(text)) : html``;
}

/** The table of an object schema's fields, or null when it has none. */
export function propertiesTable(node: SchemaNode, pageOfSchemas = ''): SafeHtml | null {
  if (!isNode(node.properties)) return null;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const rows = Object.entries(node.properties).map(
    ([field, schema]) =>
      html`<tr>
        <td><code>${field}</code></td>
        <td>${typeSummary(schema, pageOfSchemas)}</td>
        <td>${required.has(field) ? 'yes' : 'no'}</td>
        <td>${isNode(schema) ? describe(schema.description) : ''}</td>
      </tr>`,
  );
  return html`${table(['field', 'type', 'required', 'description'], rows)}
  ${node.additionalProperties === false ? html`<p class="muted">No other fields are accepted.</p>` : ''}`;
}

/** One component schema: its description, its shape and its fields. */
export function renderSchema(name: string, node: SchemaNode): SafeHtml {
  const choices = node.oneOf ?? node.anyOf;
  return html`<section class="schema" id="${schemaAnchor(name)}">
    <h3><code>${name}</code></h3>
    ${describe(node.description)}
    ${Array.isArray(choices) ? html`<p>One of: ${typeSummary({ oneOf: choices })}.</p>` : ''}
    ${propertiesTable(node) ?? html`<p>Type: ${typeSummary(node)}</p>`}
  </section>`;
}
