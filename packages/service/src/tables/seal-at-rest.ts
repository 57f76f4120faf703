import type { CoreContext } from '../kernel/context.js';
import { ENCRYPTED_PREFIX, encryptSecret } from '../kernel/secrets.js';
import { sealRememberedAnswerRow } from './idempotency.js';
import { sealEndpointSecretsRow } from './endpoint-row.js';

const PAGE = 500;
const sealed = `${ENCRYPTED_PREFIX}%`;

/** Encrypts the webhook secrets (current and previous) stored in clear; returns how many rows. */
async function sealEndpointSecrets(ctx: CoreContext, masterKey: string): Promise<number> {
  const rows = await ctx.store.db
    .selectFrom('webhook_endpoints')
    .select(['id', 'secret_ciphertext as secret', 'previous_secret_ciphertext as previous'])
    .where((eb) =>
      eb.or([
        eb('secret_ciphertext', 'not like', sealed),
        eb('previous_secret_ciphertext', 'not like', sealed),
      ]),
    )
    .execute();
  let count = 0;
  for (const row of rows) {
    const clear = (value: string | null) => value !== null && !value.startsWith(ENCRYPTED_PREFIX);
    const wrote = await sealEndpointSecretsRow(ctx.store.db, row, {
      ...(clear(row.secret) ? { secret_ciphertext: encryptSecret(row.secret, masterKey) } : {}),
      ...(clear(row.previous) && row.previous !== null
        ? { previous_secret_ciphertext: encryptSecret(row.previous, masterKey) }
        : {}),
    });
    if (wrote) count += 1;
  }
  return count;
}

/** Encrypts the remembered idempotent answers stored in clear, a page at a time; returns how many. */
async function sealRememberedAnswers(ctx: CoreContext, masterKey: string): Promise<number> {
  let count = 0;
  let after: { account: string; key: string } | undefined;
  for (;;) {
    let query = ctx.store.db
      .selectFrom('idempotency_keys')
      .select(['account_id', 'key', 'response_body'])
      .where('state', '=', 'done')
      .where('response_body', 'not like', sealed);
    if (after !== undefined) {
      const { account, key } = after;
      query = query.where((eb) =>
        eb.or([
          eb('account_id', '>', account),
          eb.and([eb('account_id', '=', account), eb('key', '>', key)]),
        ]),
      );
    }
    const rows = await query.orderBy('account_id').orderBy('key').limit(PAGE).execute();
    for (const row of rows) {
      if (row.response_body === null) continue;
      const read = { accountId: row.account_id, key: row.key, body: row.response_body };
      if (await sealRememberedAnswerRow(ctx.store.db, read, encryptSecret(row.response_body, masterKey)))
        count += 1;
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < PAGE) return count;
    after = { account: last.account_id, key: last.key };
  }
}

/**
 * At start, with a master key: encrypts what an earlier run without one stored in clear (webhook
 * secrets, remembered idempotent answers that may hold a secret or a signed URL), so nothing
 * secret stays readable in the database. Idempotent and safe to run in several processes at
 * once (each row is compared on its clear value). Without a master key it does nothing.
 */
export async function sealAtRest(ctx: CoreContext): Promise<void> {
  const masterKey = ctx.config.masterKey;
  if (masterKey === undefined || masterKey === '') return;
  const endpoints = await sealEndpointSecrets(ctx, masterKey);
  const answers = await sealRememberedAnswers(ctx, masterKey);
  if (endpoints + answers > 0) {
    ctx.logger.info('encrypted values stored in clear before a master key was set', { endpoints, answers });
  }
}
