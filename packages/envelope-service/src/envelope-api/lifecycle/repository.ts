import type { DbOrTx } from '../../database.js'
import { refreshSearchText } from '../../envelopes/search-text/repository.js'
import type { DraftMessage } from './draft-message.js'

/**
 * A draft's subject and message, written inside the lifecycle's transaction (draft-message.ts decides;
 * the transition's compare-and-set stamps `updated_at`); the dashboard's search text holds the subject, so it is rebuilt when the subject changes.
 */
/** An envelope's message lock and current subject (envelopes/locks.ts); undefined when not in the account. */
export async function findMessageLock(
  db: DbOrTx,
  target: { envelopeId: string; accountId: string },
): Promise<{ messageLock?: true; emailSubject: string } | undefined> {
  const row = await db
    .selectFrom('envelopes')
    .select(['message_lock', 'email_subject'])
    .where('id', '=', target.envelopeId)
    .where('account_id', '=', target.accountId)
    .executeTakeFirst()
  if (!row) return undefined
  return { emailSubject: row.email_subject, ...(Number(row.message_lock) === 1 ? { messageLock: true } : {}) }
}

export async function storeDraftMessage(
  tx: DbOrTx,
  envelopeId: string,
  message: DraftMessage,
): Promise<void> {
  await tx
    .updateTable('envelopes')
    .set({
      ...(message.emailSubject === undefined ? {} : { email_subject: message.emailSubject }),
      ...(message.emailBlurb === undefined ? {} : { email_blurb: message.emailBlurb }),
    })
    .where('id', '=', envelopeId)
    .execute()
  if (message.emailSubject !== undefined) await refreshSearchText(tx, envelopeId)
}
