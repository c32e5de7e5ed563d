import type { DbOrTx } from '../../database.js'
import type { Client } from '../records/model.js'

export interface DisclosureAcceptance {
  acceptedAt: number
  ipAddress: string
  userAgent: string
}

/** Records a signer's agreement; the first one stands (a second is no change). Whether this one was new. */
export async function recordDisclosureAccepted(
  tx: DbOrTx,
  envelopeId: string,
  recipientId: string,
  client: Client,
  at: number,
): Promise<boolean> {
  const [result] = await tx
    .insertInto('recipient_disclosures')
    .values({
      envelope_id: envelopeId,
      recipient_id: recipientId,
      accepted_at: at,
      ip_address: client.ipAddress,
      user_agent: client.userAgent,
    })
    .onConflict((conflict) => conflict.columns(['envelope_id', 'recipient_id']).doNothing())
    .execute()
  return Number(result?.numInsertedOrUpdatedRows ?? 0) > 0
}

/**
 * Forgets a recipient's agreement: a correction gave the recipient a new address or channel, so the
 * person now reached has agreed to nothing. The history keeps the earlier agreement.
 */
export async function forgetDisclosureAccepted(
  tx: DbOrTx,
  envelopeId: string,
  recipientId: string,
): Promise<void> {
  await tx
    .deleteFrom('recipient_disclosures')
    .where('envelope_id', '=', envelopeId)
    .where('recipient_id', '=', recipientId)
    .execute()
}

/** The envelope's agreements by recipient id. */
export async function findDisclosureAcceptances(
  db: DbOrTx,
  envelopeId: string,
  recipientId?: string,
): Promise<Map<string, DisclosureAcceptance>> {
  let query = db.selectFrom('recipient_disclosures').selectAll().where('envelope_id', '=', envelopeId)
  if (recipientId !== undefined) query = query.where('recipient_id', '=', recipientId)
  const rows = await query.execute()
  return new Map(
    rows.map((row) => [
      row.recipient_id,
      { acceptedAt: Number(row.accepted_at), ipAddress: row.ip_address, userAgent: row.user_agent },
    ]),
  )
}
