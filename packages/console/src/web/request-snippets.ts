import type { CreateJobRequest } from '@transmute/contract';

/** The same createJob request as a shell, TypeScript and Python program, ready to copy. */
export interface RequestSnippets {
  curl: string;
  typescript: string;
  python: string;
}

/** A file this console uploaded: the snippets upload it again by name. */
export interface UploadedFileName {
  name: string;
  mediaType: string;
}

/** The key is never written into a snippet: each reads it from the environment. */
const KEY_VARIABLE = 'TRANSMUTE_API_KEY';

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

function indentJson(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${indent}`);
}

/** Python literal of a JSON value (true/false/null spelled the Python way). */
function pythonLiteral(value: unknown, indent = ''): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string' || typeof value === 'number') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    return `[${value.map((item) => pythonLiteral(item, inner)).join(', ')}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)},`,
  );
  return `{\n${entries.join('\n')}\n${indent}}`;
}

function curlOf(baseUrl: string, body: CreateJobRequest, files: Record<string, UploadedFileName>): string {
  const comment =
    body.source.type === 'files'
      ? `# file_ids are the files this console uploaded (${Object.values(files)
          .map((file) => file.name)
          .join(', ')});\n# upload others first: POST /v1/files (see the API reference).\n`
      : '';
  return `${comment}curl -sS -X POST ${shellQuote(`${baseUrl}/v1/jobs`)} \\
  -H "Authorization: Bearer $${KEY_VARIABLE}" \\
  -H 'Content-Type: application/json' \\
  -H "Idempotency-Key: $(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)" \\
  -d ${shellQuote(JSON.stringify(body))}`;
}

function typescriptOf(
  baseUrl: string,
  body: CreateJobRequest,
  files: Record<string, UploadedFileName>,
): string {
  const uploaded = body.source.type === 'files' ? body.source.file_ids.map((id) => files[id]) : [];
  const names = uploaded.map((file) => ({ name: file?.name ?? '', mediaType: file?.mediaType ?? '' }));
  const uploads =
    names.length === 0
      ? ''
      : `
const files = [];
for (const { name, mediaType } of ${indentJson(names, '')}) {
  const file = await client.uploadFile(
    { name, mediaType, bytes: await readFile(name) },
    { waitUntilValidated: true },
  );
  files.push(file.id);
}
`;
  const request =
    names.length === 0
      ? indentJson(body, '')
      : indentJson({ ...body, source: { type: 'files', file_ids: '__FILES__' } }, '').replace(
          '"__FILES__"',
          'files',
        );
  const imports = names.length === 0 ? '' : "import { readFile } from 'node:fs/promises';\n";
  return `${imports}import { createClient } from '@transmute/client';

const client = createClient({
  baseUrl: ${JSON.stringify(baseUrl)},
  apiKey: process.env.${KEY_VARIABLE} ?? '',
});
${uploads}const job = await client.createJobAndWait(${request});
console.log(await client.readOutputContent(job.output_ids[0] ?? ''));`;
}

function pythonOf(baseUrl: string, body: CreateJobRequest, files: Record<string, UploadedFileName>): string {
  const names = body.source.type === 'files' ? body.source.file_ids.map((id) => files[id]?.name ?? id) : [];
  const uploads =
    names.length === 0
      ? ''
      : `files = [client.upload_file(name, wait_until_validated=True)["id"] for name in ${pythonLiteral(names)}]\n`;
  const request =
    names.length === 0
      ? pythonLiteral(body)
      : pythonLiteral({ ...body, source: { type: 'files', file_ids: '__FILES__' } }).replace(
          '"__FILES__"',
          'files',
        );
  return `import os
from transmute import Client

client = Client(base_url=${JSON.stringify(baseUrl)}, api_key=os.environ["${KEY_VARIABLE}"])
${uploads}job = client.create_job_and_wait(${request})
print(client.read_output_content(job["output_ids"][0]))`;
}

/** The snippets of one createJob request against the installation at `baseUrl`. */
export function requestSnippets(
  baseUrl: string,
  body: CreateJobRequest,
  files: Record<string, UploadedFileName> = {},
): RequestSnippets {
  return {
    curl: curlOf(baseUrl, body, files),
    typescript: typescriptOf(baseUrl, body, files),
    python: pythonOf(baseUrl, body, files),
  };
}
