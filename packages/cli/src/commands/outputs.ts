import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import {
  addClientOptions,
  clientAction,
  positiveInteger,
  type ClientFlags,
} from '../internal/client-command.js';
import { CliError, UsageError } from '../internal/exit-codes.js';
import { addOutputOptions, toOutputOptions, type OutputFlags } from '../internal/output-options.js';
import { createProgressBar, formatBytes } from '../internal/progress-bar.js';

type ContentFlags = ClientFlags & { cursor?: string; limit?: string; all?: boolean };
type DownloadFlags = ClientFlags & { dir?: string; out?: string; noResume?: boolean; resume?: boolean };

/** `transmute outputs get|content|download|create` against a server. */
export function registerOutputsCommand(program: Command): void {
  const outputs = program
    .command('outputs')
    .description('Read, download and add outputs of jobs on a server');

  addClientOptions(
    outputs.command('get').description('Show an output and its manifest').argument('<output-id>'),
  ).action(
    clientAction(async ({ client, print, signal }, _flags: ClientFlags, outputId: string) => {
      print.record(await client.getOutput(outputId, { signal }));
    }),
  );

  const content = outputs
    .command('content')
    .description("Print an output's content (markdown or JSONL): one page, or every page with --all")
    .argument('<output-id>')
    .option('--cursor <cursor>', 'next_cursor of the previous page')
    .option('--limit <n>', 'characters per page')
    .option('--all', 'every page, concatenated (the whole artifact)');
  addClientOptions(content).action(
    clientAction(async ({ client, print, signal }, flags: ContentFlags, outputId: string) => {
      const limit = positiveInteger('--limit', flags.limit);
      let page = await client.getOutputContent(
        outputId,
        {
          ...(flags.cursor === undefined ? {} : { cursor: flags.cursor }),
          ...(limit === undefined ? {} : { limit }),
        },
        { signal },
      );
      // --all: every following page joined into one page body (has_more false), the whole artifact.
      while (flags.all === true && page.page.has_more && page.page.next_cursor !== null) {
        const next = await client.getOutputContent(
          outputId,
          { cursor: page.page.next_cursor, ...(limit === undefined ? {} : { limit }) },
          { signal },
        );
        page = { ...next, data: page.data + next.data };
      }
      // The page body as JSON when asked; else the content itself, so `> file` saves it.
      if (flags.json === true) print.record(page);
      else {
        process.stdout.write(page.data);
        if (page.page.has_more && page.page.next_cursor !== null)
          process.stderr.write(`\ntransmute: more: --cursor ${page.page.next_cursor} (or --all)\n`);
      }
    }),
  );

  const download = outputs
    .command('download')
    .description(
      "Download every file of an output's manifest (zip outputs included), verified by sha256; resumes an interrupted download",
    )
    .argument('<output-id>')
    .option('--dir <dir>', 'directory to write the files to', '.')
    .option('--out <path>', 'path of the file (an output with one file)')
    .option('--no-resume', 'start over instead of continuing a <file>.part');
  addClientOptions(download).action(
    clientAction(async ({ client, print, signal }, flags: DownloadFlags, outputId: string) => {
      const output = await client.getOutput(outputId, { signal });
      const files = output.manifest?.files ?? [];
      if (output.status !== 'succeeded' || files.length === 0)
        throw new CliError(
          'invalid',
          `Output ${outputId} is ${output.status} and has no files to download yet; \`transmute jobs wait ${output.job_id}\` first.`,
        );
      if (flags.out !== undefined && files.length > 1)
        throw new UsageError(
          `Output ${outputId} has ${String(files.length)} files: use --dir instead of --out.`,
        );
      const written: { name: string; path: string; size_bytes: number; sha256: string; resumed: boolean }[] =
        [];
      // Like `curl --create-dirs`: the directory asked for is made (its parents too) if missing.
      if (flags.out === undefined) await mkdir(flags.dir ?? '.', { recursive: true });
      else await mkdir(dirname(flags.out), { recursive: true });
      for (const file of files) {
        const path = flags.out ?? join(flags.dir ?? '.', file.name);
        const bar = createProgressBar(process.stderr);
        const result = await client
          .downloadArtifact(file, path, {
            signal,
            resume: flags.resume !== false,
            onProgress: (received, total) =>
              bar.update(
                total ? (received / total) * 100 : 0,
                `${file.name} ${formatBytes(received)}/${formatBytes(total ?? received)}`,
              ),
          })
          .finally(() => bar.done());
        written.push({
          name: file.name,
          path,
          size_bytes: result.sizeBytes,
          sha256: result.sha256,
          resumed: result.resumed,
        });
        print.note(`wrote ${path} (${formatBytes(result.sizeBytes)}${result.resumed ? ', resumed' : ''})`);
      }
      if (print.json) print.record({ output_id: outputId, files: written });
    }),
  );

  const create = outputs
    .command('create')
    .description('Render another output of a succeeded job (no re-extraction)')
    .argument('<job-id>');
  addOutputOptions(create);
  addClientOptions(create).action(
    clientAction(async ({ client, print, signal }, flags: ClientFlags & OutputFlags, jobId: string) => {
      print.record(await client.createJobOutput(jobId, { output: toOutputOptions(flags) }, { signal }));
    }),
  );
}
