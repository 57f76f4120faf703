/*
 * Upload throughput to S3-compatible storage (s3rver on loopback): a file through Transmute's S3
 * BlobStore as a client sends it (createUploadIntent → PUT of the bytes to the presigned URL with
 * its upload headers → completeFileUpload, which verifies size and sha256 before the file is
 * `ready`) against a raw AWS SDK upload of the same bytes to the same server (`PutObject`, and
 * lib-storage's multipart `Upload` as SDK users send large files). Sizes in MiB from
 * `BENCH_UPLOAD_MB` (default 1,16,64); MB/s of the file's bytes over the wall time, median of
 * `BENCH_RUNS` (3). s3rver stores objects as files, so the numbers are the protocol's and the
 * client's costs on loopback, not a cloud store's. No targets: compare the columns of one run.
 *
 *   node --conditions=development --import tsx bench/src/s3-upload.bench.ts
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import S3rver from 's3rver';
import { createEngine } from '@transmute/engine';
import { createS3BlobStore } from '@transmute/s3';
import { createService, createSqliteStore, type Service } from '@transmute/service';
import { median, runIfMain, timeMedian, recordResults, type BenchReport } from './bench-report.js';

const SIZES_MB = (process.env.BENCH_UPLOAD_MB ?? '1,16,64').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BUCKET = 'transmute-bench';
const MIB = 1024 * 1024;
/** s3rver checks SigV4 signatures with these fixed credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Plain text of `bytes` bytes (a text upload validates quickly: the bench measures the transfer). */
function textOf(bytes: number): Buffer {
  const line = Buffer.from(`${randomBytes(36).toString('base64')}\n`);
  return Buffer.alloc(bytes, line);
}

/** intent → presigned PUT → complete → `ready`, as a client of the API does; ms to the PUT's end and in all. */
async function throughTransmute(
  service: Service,
  caller: { accountId: string; requestId: string },
  bytes: Buffer,
): Promise<{ putMs: number; totalMs: number }> {
  const started = performance.now();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const intent = await service.createUploadIntent(caller, {
    name: 'upload.txt',
    media_type: 'text/plain',
    size_bytes: bytes.length,
    sha256,
  });
  const put = await fetch(intent.upload_url, {
    method: 'PUT',
    headers: intent.upload_headers,
    body: new Uint8Array(bytes),
  });
  if (!put.ok) throw new Error(`presigned PUT answered ${String(put.status)}: ${await put.text()}`);
  const putMs = performance.now() - started;
  await service.completeFileUpload(caller, intent.file_id, { size_bytes: bytes.length, sha256 });
  for (;;) {
    const file = await service.getFile(caller, intent.file_id);
    if (file.status === 'ready') return { putMs, totalMs: performance.now() - started };
    if (file.status !== 'validating')
      throw new Error(`upload ended ${file.status}: ${file.warnings.join('; ')}`);
    await sleep(5);
  }
}

export async function run(): Promise<BenchReport> {
  const dir = mkdtempSync(join(tmpdir(), 'transmute-s3-bench-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: join(dir, 's3'),
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const client = {
    endpoint: `http://127.0.0.1:${String(port)}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  };
  const raw = new S3Client(client);
  const service = createService({
    store: await createSqliteStore({ path: join(dir, 'transmute.db') }),
    blobs: await createS3BlobStore({
      bucket: BUCKET,
      prefix: 'transmute/',
      client,
      cacheDir: join(dir, 'cache'),
    }),
    engine: createEngine({ plugins: [] }),
    config: { baseUrl: 'http://127.0.0.1:1', signingSecret: 's3-upload-bench', webhooks: { enabled: false } },
  });
  try {
    await service.start();
    const { account } = await service.admin.createAccount({ plan: 'enterprise' });
    const caller = { accountId: account.id, requestId: 'req_bench' };
    await throughTransmute(service, caller, textOf(1024)); // warm-up: connections, statements
    const rows: (string | number)[][] = [];
    for (const mb of SIZES_MB) {
      const mbPerSecond = (ms: number): string => ((mb * MIB) / 1e6 / (ms / 1000)).toFixed(1);
      // A fresh body per run: the store keys objects by digest, so equal bytes would be one object.
      const transmuteRuns: { putMs: number; totalMs: number }[] = [];
      for (let runIndex = 0; runIndex < RUNS; runIndex += 1)
        transmuteRuns.push(await throughTransmute(service, caller, textOf(mb * MIB)));
      const transmutePutMs = median(transmuteRuns.map((each) => each.putMs));
      const transmuteMs = median(transmuteRuns.map((each) => each.totalMs));
      const put = await timeMedian(RUNS, async () => {
        const body = textOf(mb * MIB);
        await raw.send(
          new PutObjectCommand({ Bucket: BUCKET, Key: `raw/${randomBytes(8).toString('hex')}`, Body: body }),
        );
      });
      const multipart = await timeMedian(RUNS, async () => {
        const body = textOf(mb * MIB);
        await new Upload({
          client: raw,
          params: { Bucket: BUCKET, Key: `raw/${randomBytes(8).toString('hex')}`, Body: body },
        }).done();
      });
      rows.push([
        mb,
        mbPerSecond(transmuteMs),
        mbPerSecond(transmutePutMs),
        mbPerSecond(put.ms),
        mbPerSecond(multipart.ms),
        `${(transmuteMs / put.ms).toFixed(2)}×`,
      ]);
    }
    return recordResults('s3-upload', {
      title: `Upload throughput to S3 (s3rver on loopback), MB/s, median of ${String(RUNS)}`,
      columns: [
        'MiB',
        'Transmute: intent + presigned PUT + complete (ready)',
        'Transmute: intent + presigned PUT only',
        'raw SDK PutObject',
        'raw SDK lib-storage Upload',
        'Transmute time / PutObject time',
      ],
      rows,
      notes: [
        'Transmute’s time includes the intent, the completion’s size and sha256 verification (the object read back) and validation to `ready`; the raw uploads verify nothing.',
        'Every timed run makes a fresh body (random base64 lines; the store keys objects by digest) inside its clock, for all columns alike.',
      ],
    });
  } finally {
    await service.close();
    raw.destroy();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await runIfMain(import.meta.url, run);
