import fc from 'fast-check';

/** A request written byte for byte on a socket, which the client half-closes afterwards. */
export interface RawTemplate {
  name: string;
  bytes: Buffer;
}

const CRLF = '\r\n';
const token = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/);
const control = fc.constantFrom('\u0000', '\u007f', '\u0001', '\u0008', '\u001b', '\u000b', '\u000c');
const target = fc.constantFrom(
  '/v1/jobs',
  '/v1/capabilities',
  '/healthz',
  '/v1/jobs/job_AAAAAAAAAAAAAAAA',
  '/',
);

function request(lines: readonly string[], body = ''): string {
  return lines.join(CRLF) + CRLF + CRLF + body;
}

function template(name: string, arbitrary: fc.Arbitrary<string | Buffer>): fc.Arbitrary<RawTemplate> {
  return arbitrary.map((bytes) => ({
    name,
    bytes: typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes,
  }));
}

/**
 * Malformed HTTP/1.1 of the kinds issue 13's raw-socket probes sent (NUL/DEL and other control
 * characters in headers, bad chunking, Content-Length with Transfer-Encoding, duplicate
 * Content-Length, unknown methods, CONNECT, oversized headers), plus truncated requests, garbage
 * and a missing Host, each with generated variations.
 */
export const rawTemplate: fc.Arbitrary<RawTemplate> = fc.oneof(
  template(
    'a control character in a header value',
    fc
      .tuple(target, token, fc.string({ maxLength: 8, unit: 'grapheme-ascii' }), control)
      .map(([path, name, value, c]) =>
        request([`GET ${path} HTTP/1.1`, 'Host: a', `X-${name}: ${value}${c}b`, 'Connection: close']),
      ),
  ),
  template(
    'a control character in a header name or the request target',
    fc
      .tuple(target, token, control, fc.boolean())
      .map(([path, name, c, inName]) =>
        inName
          ? request([`GET ${path} HTTP/1.1`, 'Host: a', `X-${name}${c}Y: v`, 'Connection: close'])
          : request([`GET ${path}${c}x HTTP/1.1`, 'Host: a', 'Connection: close']),
      ),
  ),
  template(
    'bad chunked encoding',
    fc
      .tuple(
        fc.constantFrom('ZZ', '-1', '0x5', 'fffffffffffffffffffff', ' 5', '5 ;', '5;a="', '', '5\n'),
        fc.string({ maxLength: 10, unit: 'grapheme-ascii' }),
      )
      .map(([size, data]) =>
        request(
          [
            'POST /v1/jobs HTTP/1.1',
            'Host: a',
            'Transfer-Encoding: chunked',
            'Content-Type: application/json',
          ],
          `${size}${CRLF}${data}${CRLF}0${CRLF}${CRLF}`,
        ),
      ),
  ),
  template(
    'a chunked body cut short',
    fc
      .nat(50)
      .map((extra) =>
        request(
          ['POST /v1/jobs HTTP/1.1', 'Host: a', 'Transfer-Encoding: chunked'],
          `${(extra + 10).toString(16)}${CRLF}{"source":`,
        ),
      ),
  ),
  template(
    'Content-Length with Transfer-Encoding',
    fc
      .tuple(
        fc.constantFrom(
          'chunked',
          'Chunked',
          'chunked, identity',
          'identity, chunked',
          'gzip, chunked',
          ' chunked',
        ),
        fc.nat(20),
        fc.boolean(),
      )
      .map(([encoding, length, first]) => {
        const both = [`Content-Length: ${length}`, `Transfer-Encoding: ${encoding}`];
        const lines = [
          'POST /v1/jobs HTTP/1.1',
          'Host: a',
          ...(first ? both : both.reverse()),
          'Connection: close',
        ];
        return request(lines, `3${CRLF}abc${CRLF}0${CRLF}${CRLF}`);
      }),
  ),
  template(
    'duplicate or malformed Content-Length',
    fc.tuple(fc.nat(20), fc.nat(20), fc.constantFrom('two', 'list', 'sign', 'text')).map(([a, b, shape]) => {
      const header = {
        two: [`Content-Length: ${a}`, `Content-Length: ${b}`],
        list: [`Content-Length: ${a}, ${b}`],
        sign: [`Content-Length: -${a}`],
        text: [`Content-Length: ${a}x`],
      }[shape];
      return request(
        ['POST /v1/jobs HTTP/1.1', 'Host: a', ...header, 'Connection: close'],
        'x'.repeat(Math.max(a, b)),
      );
    }),
  ),
  template(
    'an unknown or malformed method',
    fc
      .oneof(
        fc.stringMatching(/^[A-Z]{1,12}$/),
        fc.constantFrom('get', 'G ET', 'GET\u0000', 'PRI', 'M-SEARCH', '-'),
      )
      .map((method) => request([`${method} /v1/jobs HTTP/1.1`, 'Host: a', 'Connection: close'])),
  ),
  template(
    'CONNECT',
    fc
      .constantFrom('example.com:443', '127.0.0.1:22', '/v1/jobs', '*', '[::1]:80', '/healthz', 'a b')
      .map((to) => request([`CONNECT ${to} HTTP/1.1`, `Host: ${to}`])),
  ),
  template(
    'an oversized header section',
    fc.tuple(fc.integer({ min: 16_500, max: 70_000 }), fc.boolean()).map(([size, many]) => {
      const headers = many
        ? Array.from({ length: Math.ceil(size / 40) }, (_, index) => `X-Header-${index}: ${'v'.repeat(24)}`)
        : [`X-Big: ${'a'.repeat(size)}`];
      return request(['GET /v1/jobs HTTP/1.1', 'Host: a', ...headers, 'Connection: close']);
    }),
  ),
  template(
    'a bad request line or HTTP version',
    fc
      .tuple(target, fc.constantFrom('HTTP/9.9', 'HTTP/1', 'HTTP/1.1.1', 'HTTPS/1.1', 'http/1.1', ''))
      .map(([path, version]) =>
        request([`GET ${path} ${version}`.trimEnd(), 'Host: a', 'Connection: close']),
      ),
  ),
  template(
    'garbage bytes',
    fc
      .uint8Array({ minLength: 1, maxLength: 200 })
      .map((bytes) => Buffer.concat([Buffer.from('X'), bytes, Buffer.from(CRLF + CRLF)])),
  ),
  template(
    'a body cut short',
    fc
      .integer({ min: 20, max: 5_000 })
      .map((length) =>
        request(
          [
            'POST /v1/jobs HTTP/1.1',
            'Host: a',
            'Content-Type: application/json',
            `Content-Length: ${length}`,
          ],
          '{"source":',
        ),
      ),
  ),
  template(
    'headers cut short',
    target.map((path) => `GET ${path} HTTP/1.1${CRLF}Host: a${CRLF}X-Cut: ab`),
  ),
  template(
    'no Host',
    target.map((path) => request([`GET ${path} HTTP/1.1`, 'Connection: close'])),
  ),
  template(
    'an unknown expectation',
    token.map((value) =>
      request(['GET /healthz HTTP/1.1', 'Host: a', `Expect: ${value}`, 'Connection: close']),
    ),
  ),
);
