import { Option, type Command } from 'commander';
import { EVENT_TYPES, type EventType, type WebhookDeliveryStatus } from '@transmute/contract';
import {
  addClientOptions,
  addListOptions,
  clientAction,
  listPage,
  type ClientContext,
  type ClientFlags,
  type ListFlags,
} from '../internal/client-command.js';
import { UsageError } from '../internal/exit-codes.js';
import { DELIVERY_COLUMNS, ENDPOINT_COLUMNS } from '../internal/views.js';

const DELIVERY_STATUSES: readonly WebhookDeliveryStatus[] = [
  'pending',
  'delivering',
  'succeeded',
  'retrying',
  'dead_letter',
];

type EndpointFlags = ClientFlags & { url?: string; events?: string; description?: string };

/** `--events a,b` → the event types; an unknown name is a usage error listing the known ones. */
function eventsOf(list: string): EventType[] {
  const events = list
    .split(',')
    .map((event) => event.trim())
    .filter((event) => event !== '');
  const unknown = events.filter((event) => !(EVENT_TYPES as readonly string[]).includes(event));
  if (events.length === 0 || unknown.length > 0)
    throw new UsageError(
      `--events takes a comma-separated list of ${EVENT_TYPES.join(', ')}${unknown.length > 0 ? ` (unknown: ${unknown.join(', ')})` : ''}.`,
    );
  return events as EventType[];
}

/** One `webhooks <name> <endpoint-id>` command that calls one endpoint method and prints the result. */
function endpointAction(
  webhooks: Command,
  name: string,
  description: string,
  call: (context: ClientContext, endpointId: string) => Promise<object>,
): void {
  addClientOptions(webhooks.command(name).description(description).argument('<endpoint-id>')).action(
    clientAction(async (context, _flags: ClientFlags, endpointId: string) => {
      context.print.record(await call(context, endpointId));
    }),
  );
}

/** `transmute webhooks list|create|update|pause|resume|rotate|test|deliveries|replay|delete`. */
export function registerWebhooksCommand(program: Command): void {
  const webhooks = program
    .command('webhooks')
    .description('Manage webhook endpoints and their deliveries on a server');

  addClientOptions(addListOptions(webhooks.command('list').description('List webhook endpoints'))).action(
    clientAction(async ({ client, print }, flags: ClientFlags & ListFlags) => {
      print.list(
        await listPage((params) => client.listWebhookEndpoints(params), flags, {}),
        ENDPOINT_COLUMNS,
      );
    }),
  );

  const create = webhooks
    .command('create')
    .description('Create an endpoint; its signing secret is printed once')
    .requiredOption(
      '--url <url>',
      'https receiver URL (http and private addresses only on a server with --allow-private-networks)',
    )
    .requiredOption('--events <list>', `comma-separated events: ${EVENT_TYPES.join(', ')}`)
    .option('--description <text>', 'a note for yourself');
  addClientOptions(create).action(
    clientAction(
      async ({ client, print, signal }, flags: EndpointFlags & { url: string; events: string }) => {
        const endpoint = await client.createWebhookEndpoint(
          {
            url: flags.url,
            events: eventsOf(flags.events),
            ...(flags.description === undefined ? {} : { description: flags.description }),
          },
          { signal },
        );
        print.record(endpoint);
        print.note('Keep the secret: it is shown only once (`transmute webhooks rotate` makes a new one).');
      },
    ),
  );

  const update = webhooks
    .command('update')
    .description('Change the URL, events or description of an endpoint')
    .argument('<endpoint-id>')
    .option('--url <url>', 'new receiver URL')
    .option('--events <list>', 'new comma-separated events')
    .option('--description <text>', 'new description');
  addClientOptions(update).action(
    clientAction(async ({ client, print, signal }, flags: EndpointFlags, endpointId: string) => {
      if (flags.url === undefined && flags.events === undefined && flags.description === undefined)
        throw new UsageError('Nothing to update: pass --url, --events or --description.');
      const body = {
        ...(flags.url === undefined ? {} : { url: flags.url }),
        ...(flags.events === undefined ? {} : { events: eventsOf(flags.events) }),
        ...(flags.description === undefined ? {} : { description: flags.description }),
      };
      print.record(await client.updateWebhookEndpoint(endpointId, body, { signal }));
    }),
  );

  endpointAction(webhooks, 'pause', 'Pause deliveries to an endpoint', ({ client, signal }, id) =>
    client.pauseWebhookEndpoint(id, { signal }),
  );
  endpointAction(webhooks, 'resume', 'Resume deliveries to an endpoint', ({ client, signal }, id) =>
    client.resumeWebhookEndpoint(id, { signal }),
  );
  endpointAction(
    webhooks,
    'rotate',
    'Rotate the signing secret (the old one stays valid for 24 hours)',
    ({ client, signal }, id) => client.rotateWebhookEndpointSecret(id, { signal }),
  );
  endpointAction(webhooks, 'test', 'Send a test event to an endpoint', ({ client, signal }, id) =>
    client.testWebhookEndpoint(id, { signal }),
  );

  const deliveries = webhooks
    .command('deliveries')
    .description('List the deliveries of an endpoint')
    .argument('<endpoint-id>')
    .addOption(new Option('--status <status>', 'only deliveries in this status').choices(DELIVERY_STATUSES));
  addClientOptions(addListOptions(deliveries)).action(
    clientAction(
      async (
        { client, print },
        flags: ClientFlags & ListFlags & { status?: WebhookDeliveryStatus },
        endpointId: string,
      ) => {
        const page = await listPage(
          (params) => client.listWebhookDeliveries(endpointId, params),
          flags,
          flags.status === undefined ? {} : { status: flags.status },
        );
        print.list(page, DELIVERY_COLUMNS);
      },
    ),
  );

  addClientOptions(
    webhooks
      .command('replay')
      .description('Deliver a dead-lettered delivery again')
      .argument('<endpoint-id>')
      .argument('<delivery-id>'),
  ).action(
    clientAction(
      async ({ client, print, signal }, _flags: ClientFlags, endpointId: string, deliveryId: string) => {
        print.record(await client.replayWebhookDelivery(endpointId, deliveryId, { signal }));
      },
    ),
  );

  addClientOptions(
    webhooks.command('delete').description('Delete an endpoint').argument('<endpoint-id>'),
  ).action(
    clientAction(async ({ client, print, signal }, _flags: ClientFlags, endpointId: string) => {
      await client.deleteWebhookEndpoint(endpointId, { signal });
      print.note(`Deleted ${endpointId}.`);
    }),
  );
}
