import type { DbOrTx } from '../../database.js'
import type { Client } from '../records/model.js'

export interface DisclosureAcceptance {
  acceptedAt: number
  ipAddress: string
  userAgent: string
}

/** Records a signer's agreement; the first one stands (a second is no change). */
export async function recordDisclosureAccepted(
  tx: DbOrTx,
  envelopeId: string,
  recipientId: string,
  client: Client,
  at: number,
): Promise<void> {
  await tx
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
