import type { BulkSendBatchActionRequest } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { ServiceContext } from '../context.js'
import { type Caller, updateEnvelope } from '../envelope-api/lifecycle/service.js'
import { listStatusChanges } from '../envelopes/service.js'
import { LifecycleError } from '../lifecycle/errors.js'
import { type BulkSendBatch, batchEnvelopeIds, countCopies } from './repository.js'

/**
 * `PUT .../bulk_send_batch/{batchId}/{bulkAction}`: `resend` re-invites, `void` voids, every envelope
 * of the batch still in progress (sent or delivered), each through the envelope API's own update (the
 * lifecycle's write path). Envelopes that finished meanwhile are left as they are. Refused while copies
 * are queued, so that no envelope of the batch is made after the action and escapes it.
 */

export const BULK_ACTIONS = ['resend', 'void'] as const
type BulkAction = (typeof BULK_ACTIONS)[number]

/** Envelopes updated at once: each is its own short transaction. */
const CONCURRENCY = 8

export async function applyBatchAction(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'signingOrigin' | 'seal' | 'anchorPlacements'>,
  caller: Caller,
  batch: BulkSendBatch,
  bulkAction: string,
  body: BulkSendBatchActionRequest,
): Promise<void> {
  const action = bulkAction.toLowerCase()
  if (action === 'correct') {
    throw new InvalidRequestError('The correct bulk action is not supported', {
      errorCode: 'BULK_SEND_ACTION_NOT_SUPPORTED',
    })
  }
  if (!(BULK_ACTIONS as readonly string[]).includes(action)) {
    throw new InvalidRequestError(`bulkAction must be one of: ${BULK_ACTIONS.join(', ')}`)
  }
  if (body.action !== undefined && body.action.toLowerCase() !== action) {
    throw new InvalidRequestError(
      `action '${body.action}' differs from the path's bulkAction '${bulkAction}'`,
    )
  }
  if (action === 'resend' && body.voidReason !== undefined) {
    throw new InvalidRequestError('voidReason applies to the void action only')
  }
  if (action === 'void' && !body.voidReason?.trim()) throw new InvalidRequestError('voidReason is required')
  const queued = (await countCopies(ctx.db, [batch.batchId])).get(batch.batchId)?.queued ?? 0
  if (queued > 0) {
    throw new InvalidRequestError(
      `Batch ${batch.batchId} still has ${queued} copies queued; apply ${action} once they are sent`,
      { errorCode: 'BULK_SEND_BATCH_IN_PROGRESS' },
    )
  }
  const envelopeIds = await batchEnvelopeIds(ctx.db, batch.batchId)
  if (envelopeIds.length === 0) return
  const { envelopes } = await listStatusChanges(ctx.db, {
    accountId: batch.accountId,
    envelopeIds,
    statuses: ['sent', 'delivered'],
    start: 0,
    count: envelopeIds.length,
  })
  const pending = envelopes.map((envelope) => envelope.envelopeId)
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let envelopeId = pending.pop(); envelopeId; envelopeId = pending.pop()) {
        await act(ctx, caller, envelopeId, action as BulkAction, body.voidReason ?? '')
      }
    }),
  )
}

async function act(
  ctx: Pick<ServiceContext, 'db' | 'now' | 'signingOrigin' | 'seal' | 'anchorPlacements'>,
  caller: Caller,
  envelopeId: string,
  action: BulkAction,
  voidReason: string,
) {
  try {
    if (action === 'void')
      await updateEnvelope(ctx, caller, envelopeId, { status: 'voided', voidedReason: voidReason }, false)
    else await updateEnvelope(ctx, caller, envelopeId, {}, true)
  } catch (error) {
    // Finished (completed, declined, voided) since it was listed: nothing to resend or void.
    if (!(error instanceof LifecycleError)) throw error
  }
}
