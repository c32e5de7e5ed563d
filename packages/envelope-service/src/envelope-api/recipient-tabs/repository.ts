import type { DbOrTx } from '../../database.js'
import type { TabsByType } from '../../tabs/model.js'

/**
 * The write of a recipient's tabs after a tab operation, inside the caller's transaction (the lifecycle's
 * compare-and-set on the envelope runs in the same one). The whole list is written: tabs are one JSON
 * value of the recipient row (envelopes/tables.ts).
 */
export async function storeRecipientTabs(
  tx: DbOrTx,
  envelopeId: string,
  recipientId: string,
  tabs: TabsByType,
): Promise<void> {
  await tx
    .updateTable('envelope_recipients')
    .set({ tabs: JSON.stringify(tabs) })
    .where('envelope_id', '=', envelopeId)
    .where('recipient_id', '=', recipientId)
    .returning('recipient_id')
    .executeTakeFirstOrThrow()
}
