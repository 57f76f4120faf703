import { ID_PREFIXES, REQUEST_BODY_SCHEMAS, type JsonSchema } from '@transmute/contract';
import {
  API_OPERATIONS,
  PATH_PARAMETERS,
  QUERY_KINDS,
  type ApiOperation,
  type PathParameterName,
} from '@transmute/contract/operations';
import fc from 'fast-check';
import { SAMPLE_URL, sampleForPattern } from './contract-fields.js';

/** One generated request, as fetch sends it. */
export interface FuzzRequest {
  operationId: string;
  method: string;
  /** Path and query, percent-encoded as sent; `{job_id}` and the like stand for the live fixtures. */
  target: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Every byte of the string's UTF-8, percent-encoded (a lone surrogate arrives as U+FFFD's bytes). */
const percentEncoded = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)
    .join('');

/** Raw fragments of a URL that do not decode, or decode to what must be refused. */
const BAD_ENCODINGS = ['%ED%A0%80', '%ED%BF%BF', '%00', '%ZZ', '%', '%C0%AF', '%FF', '%2F', '..'] as const;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Strings clients should not send: lone surrogates, NUL, any code point, long runs. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(
      fc.string({ maxLength: 8 }),
      fc.oneof(loneSurrogate, fc.constant('\u0000')),
      fc.string({ maxLength: 8 }),
    )
    .map(([before, bad, after]) => before + bad + after),
  fc
    .tuple(fc.integer({ min: 100, max: 3_000 }), fc.constantFrom('x', 'é', '🙂', '\u0000'))
    .map(([count, unit]) => unit.repeat(count)),
);

/** A lone surrogate or a NUL put into a string, which stays within `maxLength`. */
function spoiled(text: fc.Arbitrary<string>, maxLength: number): fc.Arbitrary<string> {
  return fc.tuple(text, fc.oneof(loneSurrogate, fc.constant('\u0000')), fc.nat()).map(([value, bad, at]) => {
    const kept = value.slice(0, Math.max(maxLength - 1, 0));
    const cut = at % (kept.length + 1);
    return kept.slice(0, cut) + bad + kept.slice(cut);
  });
}

/** Strings of a string field: mostly valid, a third of them with one unstorable character in. */
function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = schema.maxLength ?? 10_000;
  let valid: fc.Arbitrary<string>;
  if (schema.pattern !== undefined) valid = fc.constant(sampleForPattern(schema.pattern));
  // Loopback only: a URL the service would resolve or fetch must not leave the machine.
  else if (schema.format === 'uri') valid = fc.webPath().map((path) => `${SAMPLE_URL}${path}`);
  else {
    const longest = Math.min(maxLength, 40);
    valid = fc.string({ minLength: Math.min(schema.minLength ?? 0, longest), maxLength: longest });
  }
  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 1, arbitrary: spoiled(valid, maxLength) });
}

/** Values of the schema's shape, most of them valid, the rest of another type or hostile text. */
function valueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 30, arbitrary: validOf(schema) },
    { weight: 1, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

function validOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  if (schema.oneOf !== undefined) return fc.oneof(...schema.oneOf.map(validOf));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const record = fc.record(Object.fromEntries(properties.map(([name, sub]) => [name, valueOf(sub)])), {
        requiredKeys: [...(schema.required ?? [])],
      });
      // Now and then a field the contract does not define.
      return fc.oneof(
        { weight: 9, arbitrary: record },
        {
          weight: 1,
          arbitrary: fc
            .tuple(record, fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))
            .map(([object, name, value]) => ({ ...object, [name]: value })),
        },
      );
    }
    case 'array':
      return fc.array(valueOf(schema.items ?? {}), { maxLength: (schema.maxItems ?? 3) + 1 });
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 200_000_000 }), fc.constant(Number.MAX_SAFE_INTEGER + 2));
    case 'number':
      return fc.double({ noNaN: true });
    case 'boolean':
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A JSON body of the schema's shape, or text that is not quite JSON. */
function bodyText(schema: JsonSchema | null): fc.Arbitrary<string> {
  const value = schema === null ? fc.jsonValue({ maxDepth: 2 }) : valueOf(schema);
  return fc.oneof(
    { weight: 8, arbitrary: value.map((json) => JSON.stringify(json) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.tuple(value, fc.nat()).map(([json, cut]) => {
        const text = JSON.stringify(json) ?? '';
        return text.slice(0, cut % (text.length + 1));
      }),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  );
}

/**
 * A path parameter: mostly `{name}`, which the sender replaces with its live fixture (a delete
 * ends one, and the sender makes another), else an unknown, undecodable or arbitrary id.
 */
function pathValue(name: PathParameterName): fc.Arbitrary<string> {
  const prefix = `${ID_PREFIXES[PATH_PARAMETERS[name].kind]}_`;
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(`{${name}}`) },
    { weight: 1, arbitrary: fc.constant(`${prefix}${'A'.repeat(16)}`) },
    { weight: 2, arbitrary: fc.constantFrom(...BAD_ENCODINGS).map((bad) => `${prefix}${bad}AAAAAAAAAAAA`) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map(percentEncoded) },
  );
}

function queryOf(operation: ApiOperation): fc.Arbitrary<string> {
  const kind = QUERY_KINDS[operation.query];
  const names = ['limit', 'cursor', 'status', 'bogus'];
  const values = [...(kind?.statuses ?? []), '1', '100', '0'];
  const name = fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 }).map(percentEncoded));
  const value = fc.oneof(
    fc.constantFrom(...values),
    fc.integer({ min: -5, max: 2_000_000 }).map(String),
    fc.constantFrom(...BAD_ENCODINGS),
    fc.string({ maxLength: 20 }).map(percentEncoded),
    fc.integer({ min: 500, max: 700 }).map((count) => 'A'.repeat(count)),
  );
  const pairs = fc.array(fc.tuple(name, value), { maxLength: 4 });
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: pairs.map((list) => list.map(([n, v]) => `${n}=${v}`).join('&')) },
  );
}

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 300,
});

function headersOf(operation: ApiOperation, apiKey: string): fc.Arbitrary<Record<string, string>> {
  return fc
    .record({
      authorization: fc.oneof(
        { weight: 9, arbitrary: fc.constant(`Bearer ${apiKey}`) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('', 'Bearer', `Bearer ${apiKey}x`, 'Basic YTpi', 'Bearer tmk_'),
        },
        { weight: 1, arbitrary: printable },
      ),
      'idempotency-key': fc.oneof(
        { weight: operation.idempotencyKey === 'required' ? 8 : 2, arbitrary: fc.uuid() },
        { weight: 2, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: printable },
        { weight: 1, arbitrary: fc.constantFrom('"quoted"', '"bad\\x"', '"', 'a b') },
      ),
      'content-type': fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            '',
            'application/merge-patch+json',
            'application/json; charset=utf-8',
            'text/plain',
            'multipart/form-data; boundary=x',
          ),
        },
      ),
    })
    .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== '')));
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Requests over the contract: an operation of the table, its path with real, unknown or undecodable
 * ids, its query, headers and a body of its request schema (valid-shaped or mutated), now and then
 * with another method.
 */
export function requestArbitrary(apiKey: string): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...API_OPERATIONS).chain((operation) => {
    const schema = operation.requestBody === null ? null : REQUEST_BODY_SCHEMAS[operation.requestBody.schema];
    const path = operation.pathParams.reduce<fc.Arbitrary<string>>(
      (template, name) =>
        template.chain((text) => pathValue(name).map((value) => text.replace(`{${name}}`, value))),
      fc.constant(operation.path),
    );
    return fc
      .record({
        method: fc.oneof(
          { weight: 9, arbitrary: fc.constant(operation.method) },
          fc.constantFrom(...METHODS),
        ),
        path,
        query: queryOf(operation),
        headers: headersOf(operation, apiKey),
        body: fc.option(bodyText(schema), { freq: 5 }),
      })
      .map(({ method, path: filled, query, headers, body }) => ({
        operationId: operation.operationId,
        method,
        target: query === '' ? filled : `${filled}?${query}`,
        headers,
        body: method === 'GET' || method === 'HEAD' || body === null ? undefined : body,
      }));
  });
}
