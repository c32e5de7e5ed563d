import type { Db } from '../database.js'
import { findEnvelopeById } from '../envelopes/reads.js'
import { recordAudit } from '../lifecycle/service.js'
import type { OutboundMessage } from '../messages/message.js'
import { type ClaimedOutboxMessage, complete, retry } from '../outbox/repository.js'
import type { ComposedMessagePayload } from '../outbox/topics.js'
import type { Dispatch } from './dispatch.js'

/**
 * Sends a `message.composed` outbox row: a message written whole when it was owed (a one-time code, a
 * notice to the sender), so nothing is read or composed again here. A failure is retried with the
 * messages job's backoff; past `giveUpAfterMs` (a code long expired by then) it is recorded and dropped.
 * The row is deleted once sent, so a texted code stays in the database only until the provider has it.
 */
export async function deliverComposedRow(
  deps: {
    db: Db
    now: () => number
    dispatch: Dispatch
    owner: string
    giveUpAfterMs: number
    retryDelayMs: (attempt: number) => number
  },
  row: ClaimedOutboxMessage,
): Promise<void> {
  const payload = row.payload as ComposedMessagePayload
  const result = await deps.dispatch(payload.message as OutboundMessage)
  if (result.outcome === 'delivered') {
    await complete(deps.db, deps.owner, [row.id])
    return
  }
  const now = deps.now()
  const giveUp = result.outcome === 'failed' || now - row.createdAt >= deps.giveUpAfterMs
  const { envelopeId } = payload
  if (envelopeId === undefined) {
    // An account message (invitation, password reset) has no audit trail to note the failure in.
    await settle(deps, row, giveUp, now, result.reason)
    return
  }
  const envelope = await findEnvelopeById(deps.db, envelopeId)
  const note = {
    action: giveUp ? 'Delivery Failed' : 'Delivery Attempt Failed',
    ...(payload.recipientId ? { recipientId: payload.recipientId } : {}),
    envelopeStatus: envelope?.status ?? 'sent',
    message: `Sending the ${payload.purpose} failed (attempt ${row.attempts}).`,
    information: result.reason,
  }
  await deps.db
    .transaction()
    .execute((tx) => recordAudit(tx, envelopeId, [note], { source: 'System', userName: 'Inkwell' }, now))
  await settle(deps, row, giveUp, now, result.reason)
}

async function settle(
  deps: Parameters<typeof deliverComposedRow>[0],
  row: ClaimedOutboxMessage,
  giveUp: boolean,
  now: number,
  reason: string,
): Promise<void> {
  if (giveUp) await complete(deps.db, deps.owner, [row.id])
  else
    await retry(deps.db, deps.owner, row.id, {
      availableAt: now + deps.retryDelayMs(row.attempts),
      error: reason,
    })
}
