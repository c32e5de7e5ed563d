import type { DbOrTx } from '../../database.js'
import { refreshSearchText } from '../../envelopes/search-text/repository.js'
import type { DraftMessage } from './draft-message.js'

/**
 * A draft's subject and message, written inside the lifecycle's transaction (draft-message.ts decides;
 * the transition's compare-and-set stamps `updated_at`); the dashboard's search text holds the subject, so it is rebuilt when the subject changes.
 */
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
