import type { DbOrTx } from '../../database.js'
import type { EnvelopeNotification } from '../../envelopes/model.js'

/**
 * The write of an envelope's reminders and expiration, in the lifecycle transaction that orders it
 * (service.ts). The reminders-and-expiry job reads the column on its next round.
 */
export async function storeNotification(
  tx: DbOrTx,
  envelopeId: string,
  notification: EnvelopeNotification,
): Promise<void> {
  await tx
    .updateTable('envelopes')
    .set({ notification: JSON.stringify(notification) })
    .where('id', '=', envelopeId)
    .execute()
}
