import type { TransmuteClient } from '@transmute/client/browser';
import { EVENT_TYPES, type EventType, type WebhookEndpoint } from '@transmute/contract';
import { useState } from 'preact/hooks';
import { CopyButton } from '../copy-button.js';
import { ProblemView } from '../problem-view.js';
import { useAction, useLoad } from '../use-async.js';
import { DeliveryLog } from './delivery-log.js';

/** A signing secret shown once (on create and rotate), with a copy button and a warning. */
function OneTimeSecret({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  return (
    <div class="secret card" role="status">
      <p class="warning">
        <strong>Copy this signing secret now.</strong> It is shown only once; the API never returns it again.
      </p>
      <code class="secret-value" data-testid="webhook-secret">
        {secret}
      </code>
      <div class="actions">
        <CopyButton text={secret} label="Copy secret" />
        <button type="button" class="secondary" onClick={onDismiss}>
          I have stored it
        </button>
      </div>
    </div>
  );
}

function EventChoices({
  value,
  onChange,
  idPrefix,
}: {
  value: readonly EventType[];
  onChange: (events: EventType[]) => void;
  idPrefix: string;
}) {
  return (
    <fieldset class="events">
      <legend>Events</legend>
      {EVENT_TYPES.map((event) => (
        <label key={event} class="inline" for={`${idPrefix}-${event}`}>
          <input
            id={`${idPrefix}-${event}`}
            type="checkbox"
            checked={value.includes(event)}
            onChange={(change) =>
              onChange(
                change.currentTarget.checked ? [...value, event] : value.filter((chosen) => chosen !== event),
              )
            }
          />
          {event}
        </label>
      ))}
    </fieldset>
  );
}

function EndpointCard({
  client,
  endpoint,
  onChanged,
  onSecret,
}: {
  client: TransmuteClient;
  endpoint: WebhookEndpoint;
  onChanged: () => void;
  onSecret: (secret: string) => void;
}) {
  const [events, setEvents] = useState<EventType[]>(endpoint.events);
  const [showLog, setShowLog] = useState(false);
  const [tested, setTested] = useState<string | null>(null);
  const action = useAction();
  const act = (work: () => Promise<void>): void =>
    action.run(async () => {
      await work();
      onChanged();
    });
  const prefix = `endpoint-${endpoint.id}`;
  return (
    <article
      class="card endpoint"
      aria-label={`Webhook endpoint ${endpoint.url}`}
      data-endpoint-id={endpoint.id}
    >
      <h3>
        <code>{endpoint.url}</code> · <span class="status">{endpoint.status}</span>
      </h3>
      <p class="meta">
        {endpoint.description} · secret ends in <code>{endpoint.secret_last_four}</code> ·{' '}
        <code>{endpoint.id}</code>
      </p>
      <EventChoices value={events} onChange={setEvents} idPrefix={prefix} />
      <div class="actions">
        <button
          type="button"
          disabled={action.busy}
          onClick={() => act(async () => void (await client.updateWebhookEndpoint(endpoint.id, { events })))}
        >
          Save events
        </button>
        {endpoint.status === 'active' ? (
          <button
            type="button"
            class="secondary"
            disabled={action.busy}
            onClick={() => act(async () => void (await client.pauseWebhookEndpoint(endpoint.id)))}
          >
            Pause
          </button>
        ) : (
          <button
            type="button"
            class="secondary"
            disabled={action.busy}
            onClick={() => act(async () => void (await client.resumeWebhookEndpoint(endpoint.id)))}
          >
            Resume
          </button>
        )}
        <button
          type="button"
          class="secondary"
          disabled={action.busy}
          onClick={() =>
            act(async () => onSecret((await client.rotateWebhookEndpointSecret(endpoint.id)).secret))
          }
        >
          Rotate secret
        </button>
        <button
          type="button"
          class="secondary"
          disabled={action.busy}
          onClick={() =>
            act(async () => {
              const delivery = await client.testWebhookEndpoint(endpoint.id);
              setTested(`Test event sent: delivery ${delivery.id} (${delivery.status}).`);
            })
          }
        >
          Send test event
        </button>
        <button type="button" class="secondary" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </button>
        <button
          type="button"
          class="danger"
          disabled={action.busy}
          onClick={() => act(() => client.deleteWebhookEndpoint(endpoint.id))}
        >
          Delete
        </button>
      </div>
      {tested !== null && <p role="status">{tested}</p>}
      <ProblemView error={action.error} />
      {showLog && <DeliveryLog client={client} endpointId={endpoint.id} />}
    </article>
  );
}

/** Webhook endpoints: create (secret shown once), edit events, pause/resume, rotate, test, deliveries. */
export function Webhooks({ client }: { client: TransmuteClient }) {
  const endpoints = useLoad(() => client.listWebhookEndpoints({ limit: 100 }), [client]);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<EventType[]>(['job.succeeded', 'job.failed']);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useAction();
  const submit = (event: Event): void => {
    event.preventDefault();
    create.run(async () => {
      const created = await client.createWebhookEndpoint({
        url: url.trim(),
        events,
        ...(description === '' ? {} : { description }),
      });
      setSecret(created.secret);
      setUrl('');
      setDescription('');
      endpoints.reload();
    });
  };
  return (
    <section aria-labelledby="webhooks-heading">
      <h1 id="webhooks-heading">Webhooks</h1>
      {secret !== null && <OneTimeSecret secret={secret} onDismiss={() => setSecret(null)} />}
      <form class="card" onSubmit={submit} aria-labelledby="create-endpoint-heading">
        <h2 id="create-endpoint-heading">New endpoint</h2>
        <div class="field">
          <label for="endpoint-url">Endpoint URL</label>
          <input
            id="endpoint-url"
            type="url"
            required
            placeholder="https://example.com/hooks/transmute"
            value={url}
            onInput={(event) => setUrl(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="endpoint-description">Description</label>
          <input
            id="endpoint-description"
            value={description}
            onInput={(event) => setDescription(event.currentTarget.value)}
          />
        </div>
        <EventChoices value={events} onChange={setEvents} idPrefix="new-endpoint" />
        <button type="submit" disabled={create.busy}>
          Create endpoint
        </button>
        <ProblemView error={create.error} />
      </form>
      <ProblemView error={endpoints.error} />
      {endpoints.data?.data.map((endpoint) => (
        <EndpointCard
          key={`${endpoint.id}-${endpoint.updated_at}`}
          client={client}
          endpoint={endpoint}
          onChanged={endpoints.reload}
          onSecret={setSecret}
        />
      ))}
    </section>
  );
}
