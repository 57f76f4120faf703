import type { Command } from 'commander';
import { addClientOptions, clientAction, type ClientFlags } from '../internal/client-command.js';
import { createProgressBar } from '../internal/progress-bar.js';
import { uploadPath } from '../internal/upload-path.js';

/** `transmute files upload|get|delete` against a server. */
export function registerFilesCommand(program: Command): void {
  const files = program.command('files').description('Upload and manage source files on a server');

  const upload = files
    .command('upload')
    .description(
      'Upload a file (progress bar on a terminal) and wait until it is validated; exit 5 if rejected',
    )
    .argument('<path>')
    .option('--media-type <type>', 'media type (default: from the extension or the bytes)');
  addClientOptions(upload).action(
    clientAction(
      async ({ client, print, signal }, flags: ClientFlags & { mediaType?: string }, path: string) => {
        const file = await uploadPath(client, path, {
          ...(flags.mediaType === undefined ? {} : { mediaType: flags.mediaType }),
          bar: createProgressBar(process.stderr),
          signal,
        });
        print.record(file);
        if (file.status === 'rejected') {
          process.stderr.write(`transmute: ${file.name} was rejected: ${file.warnings.join('; ')}\n`);
          return 'invalid';
        }
      },
    ),
  );

  addClientOptions(files.command('get').description('Show a file').argument('<file-id>')).action(
    clientAction(async ({ client, print, signal }, _flags: ClientFlags, fileId: string) => {
      print.record(await client.getFile(fileId, { signal }));
    }),
  );

  addClientOptions(files.command('delete').description('Delete a file').argument('<file-id>')).action(
    clientAction(async ({ client, print, signal }, _flags: ClientFlags, fileId: string) => {
      await client.deleteFile(fileId, { signal });
      print.note(`Deleted ${fileId}.`);
    }),
  );
}
