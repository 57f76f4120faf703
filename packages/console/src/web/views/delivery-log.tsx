import type { TransmuteClient } from '@transmute/client/browser';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '@transmute/contract';
import { useState } from 'preact/hooks';
import { Pager, useCursorPages } from '../pager.js';
import { ProblemView } from '../problem-view.js';
import { useAction, useLoad } from '../use-async.js';

/** The deliveries of one endpoint, filtered by status and paged by cursor; replay of dead letters. */
export function DeliveryLog({ client, endpointId }: { client: TransmuteClient; endpointId: string }) {
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const pages = useCursorPages();
  const { cursor } = pages;
  const deliveries = useLoad(
    () =>
      client.listWebhookDeliveries(endpointId, {
        limit: 20,
        ...(status === '' ? {} : { status }),
        ...(cursor === undefined ? {} : { cursor }),
      }),
    [client, endpointId, status, cursor],
  );
  const replay = useAction();
  const page = deliveries.data;
  const filterId = `deliveries-${endpointId}-status`;
  return (
    <div class="deliveries">
      <h4>Deliveries</h4>
      <div class="actions">
        <label for={filterId}>Status</label>
        <select
          id={filterId}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as WebhookDeliveryStatus | '');
            pages.restart();
          }}
        >
          <option value="">All</option>
          {WEBHOOK_DELIVERY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
        <button type="button" class="secondary" onClick={deliveries.reload}>
          Refresh deliveries
        </button>
      </div>
      <ProblemView error={deliveries.error ?? replay.error} />
      <div class="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Response</th>
              <th scope="col">Created</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {page?.data.map((delivery) => (
              <tr key={delivery.id} data-delivery-id={delivery.id}>
                <td>{delivery.event_type}</td>
                <td class="delivery-status">{delivery.status}</td>
                <td>{String(delivery.attempts)}</td>
                <td>
                  {delivery.response_status === null
                    ? (delivery.last_error_code ?? '')
                    : String(delivery.response_status)}
                </td>
                <td>{new Date(delivery.created_at).toLocaleString()}</td>
                <td>
                  {delivery.status === 'dead_letter' && (
                    <button
                      type="button"
                      disabled={replay.busy}
                      aria-label={`Replay delivery ${delivery.id}`}
                      onClick={() =>
                        replay.run(async () => {
                          await client.replayWebhookDelivery(endpointId, delivery.id);
                          deliveries.reload();
                        })
                      }
                    >
                      Replay
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page?.data.length === 0 && <p>No deliveries.</p>}
      <Pager
        pages={pages}
        nextCursor={page?.page.next_cursor}
        previousLabel="Newer deliveries"
        nextLabel="Older deliveries"
      />
    </div>
  );
}
