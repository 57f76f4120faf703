import { Option, type Command } from 'commander';
import type { JobStatus, RetentionClass, Source } from '@transmute/contract';
import type { TransmuteClient } from '@transmute/client';
import {
  addClientOptions,
  addListOptions,
  clientAction,
  listPage,
  type ClientFlags,
  type ListFlags,
} from '../internal/client-command.js';
import { UsageError } from '../internal/exit-codes.js';
import { addOutputOptions, toOutputOptions, type OutputFlags } from '../internal/output-options.js';
import { createProgressBar } from '../internal/progress-bar.js';
import { uploadPath } from '../internal/upload-path.js';
import { JOB_COLUMNS } from '../internal/views.js';
import { outcomeOf, waitForJob, waitOptions, type WaitFlags } from '../internal/wait-job.js';

const JOB_STATUSES: readonly JobStatus[] = [
  'queued',
  'processing',
  'succeeded',
  'failed',
  'canceling',
  'canceled',
  'expired',
];
const RETENTION_CLASSES: readonly RetentionClass[] = ['ephemeral', 'temporary', 'account'];

type CreateFlags = ClientFlags &
  OutputFlags &
  WaitFlags & {
    text?: string;
    url?: string;
    file?: string[];
    fileId?: string[];
    mediaType?: string;
    retention?: RetentionClass;
    wait?: boolean;
  };

/** The job's source from exactly one of `--text`, `--url`, `--file`/`--file-id` (files are uploaded first). */
async function sourceOf(
  client: TransmuteClient,
  flags: CreateFlags,
  signal: AbortSignal,
  stderr: NodeJS.WriteStream,
): Promise<Source> {
  const files = [...(flags.file ?? []), ...(flags.fileId ?? [])];
  const given = [flags.text !== undefined, flags.url !== undefined, files.length > 0].filter(Boolean).length;
  if (given !== 1)
    throw new UsageError(
      'Give exactly one source: --text <text>, --url <url>, or --file <path> / --file-id <id> (repeatable).',
    );
  if (flags.text === '-') return { type: 'text', content: await readStdin() };
  if (flags.text !== undefined) return { type: 'text', content: flags.text };
  if (flags.url !== undefined) return { type: 'url', url: flags.url };
  const fileIds = [...(flags.fileId ?? [])];
  for (const path of flags.file ?? []) {
    const file = await uploadPath(client, path, {
      ...(flags.mediaType === undefined ? {} : { mediaType: flags.mediaType }),
      bar: createProgressBar(stderr),
      signal,
    });
    if (file.status !== 'ready')
      throw new UsageError(`${path} was ${file.status}: ${file.warnings.join('; ') || 'no reason given'}.`);
    fileIds.push(file.id);
  }
  return { type: 'files', file_ids: fileIds };
}

/** The whole of stdin as UTF-8 (`--text -`). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function addWaitOptions(command: Command): Command {
  return command
    .option('--timeout <seconds>', 'give up waiting after this long (exit 9)', '600')
    .option('--poll-interval <ms>', 'delay between polls', '500');
}

/** `transmute jobs create|get|list|wait|cancel|delete` against a server. */
export function registerJobsCommand(program: Command): void {
  const jobs = program.command('jobs').description('Create and follow conversion jobs on a server');

  const create = jobs
    .command('create')
    .description('Create a job from a text, a URL or files (uploaded first); --wait follows it to the end')
    .option('--text <text>', 'inline text source (- reads stdin)')
    .option('--url <url>', 'URL source (the server fetches it)')
    .option('--file <path...>', 'local file(s) to upload as the source')
    .option('--file-id <id...>', 'already uploaded file(s)')
    .option('--media-type <type>', 'media type of --file (default: from the extension or the bytes)')
    .addOption(new Option('--retention <class>', 'retention class').choices(RETENTION_CLASSES))
    .option('--wait', 'wait until the job ends, with a progress bar on a terminal (exit 8 if it fails)');
  addOutputOptions(create);
  addWaitOptions(create);
  addClientOptions(create).action(
    clientAction(async ({ client, print, signal }, flags: CreateFlags) => {
      const body = {
        source: await sourceOf(client, flags, signal, process.stderr),
        output: toOutputOptions(flags),
        ...(flags.retention === undefined ? {} : { retention: { class: flags.retention } }),
      };
      if (flags.wait !== true) {
        print.record(await client.createJob(body, { signal }));
        return;
      }
      const { done, ...options } = waitOptions({ flags, stderr: process.stderr, signal });
      const job = await client.createJobAndWait(body, options).finally(done);
      print.record(job);
      return outcomeOf(job, process.stderr);
    }),
  );

  addClientOptions(jobs.command('get').description('Show a job').argument('<job-id>')).action(
    clientAction(async ({ client, print, signal }, _flags: ClientFlags, jobId: string) => {
      print.record(await client.getJob(jobId, { signal }));
    }),
  );

  const list = jobs
    .command('list')
    .description('List jobs, newest first')
    .addOption(new Option('--status <status>', 'only jobs in this status').choices(JOB_STATUSES));
  addClientOptions(addListOptions(list)).action(
    clientAction(async ({ client, print }, flags: ClientFlags & ListFlags & { status?: JobStatus }) => {
      print.list(
        await listPage(
          (params) => client.listJobs(params),
          flags,
          flags.status === undefined ? {} : { status: flags.status },
        ),
        JOB_COLUMNS,
      );
    }),
  );

  const wait = addWaitOptions(
    jobs.command('wait').description('Wait until a job ends (exit 8 if it fails)').argument('<job-id>'),
  );
  addClientOptions(wait).action(
    clientAction(async ({ client, print, signal }, flags: ClientFlags & WaitFlags, jobId: string) => {
      const job = await waitForJob(client, jobId, { flags, stderr: process.stderr, signal });
      print.record(job);
      return outcomeOf(job, process.stderr);
    }),
  );

  addClientOptions(
    jobs.command('cancel').description('Cancel a queued or processing job').argument('<job-id>'),
  ).action(
    clientAction(async ({ client, print, signal }, _flags: ClientFlags, jobId: string) => {
      print.record(await client.cancelJob(jobId, { signal }));
    }),
  );

  addClientOptions(
    jobs.command('delete').description('Delete a finished job and its outputs').argument('<job-id>'),
  ).action(
    clientAction(async ({ client, print, signal }, _flags: ClientFlags, jobId: string) => {
      await client.deleteJob(jobId, { signal });
      print.note(`Deleted ${jobId}.`);
    }),
  );
}
