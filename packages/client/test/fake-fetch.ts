/** One recorded request of the fake fetch. */
export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
}

type Reply = Response | Error | ((request: Recorded) => Response);

/** JSON response helper. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type, ...headers } });
}

/** A problem+json response of a code. */
export function problem(
  status: number,
  code: string,
  retryable: boolean,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return json(
    status,
    {
      type: `https://docs.example.com/problems/${code}`,
      title: code,
      status,
      code,
      detail: `Detail of ${code}.`,
      request_id: 'req_0123456789abcdefghijklmn',
      retryable,
      ...extra,
    },
    headers,
  );
}

/** A fetch that answers from a script, in order, and records every request. */
export function scriptedFetch(replies: Reply[]): { fetch: typeof fetch; calls: Recorded[] } {
  const calls: Recorded[] = [];
  const queue = [...replies];
  const fetchImpl = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const body = init.body;
    const recorded: Recorded = {
      method: init.method ?? 'GET',
      url: new URL(typeof input === 'string' || input instanceof URL ? input : input.url),
      headers: new Headers(init.headers),
      body:
        typeof body === 'string'
          ? body
          : body instanceof Uint8Array
            ? new TextDecoder().decode(body)
            : body instanceof ReadableStream
              ? await new Response(body).text()
              : undefined,
    };
    calls.push(recorded);
    const reply = queue.shift();
    if (reply === undefined) throw new Error(`unexpected request ${recorded.method} ${recorded.url.href}`);
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply(recorded) : reply;
  };
  return { fetch: fetchImpl, calls };
}
