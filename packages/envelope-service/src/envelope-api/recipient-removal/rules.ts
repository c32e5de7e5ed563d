import { InvalidRequestError } from 'platform'
import { LifecycleError } from '../../lifecycle/errors.js'
import type { LifecycleEnvelope, LifecycleRecipient } from '../../lifecycle/model.js'
import type { AuditNote } from '../../lifecycle/outbox-rows.js'

/**
 * Which recipients `DELETE .../recipients` may remove, all or none:
 * - a draft: any of its recipients;
 * - a sent or delivered envelope: only recipients the routing has not reached yet (status `created`),
 *   and at least one recipient who still has to sign or view must stay, so the routing goes on as before.
 *   A recipient who was invited, finished or declined stays: correct them (`PUT .../recipients`) or void.
 * - a completed, declined or voided envelope: none.
 */

export const REMOVAL_ACTION = 'Recipient Deleted'

const EDITABLE = new Set(['created', 'sent', 'delivered'])
const FINISHED = new Set(['completed', 'declined'])

export function planRemoval(envelope: LifecycleEnvelope, recipientIds: readonly string[]): LifecycleEnvelope {
  if (recipientIds.length === 0) throw new InvalidRequestError('Name at least one recipient to delete')
  if (new Set(recipientIds).size !== recipientIds.length) {
    throw new InvalidRequestError('A recipient is named more than once')
  }
  if (!EDITABLE.has(envelope.status)) {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      `Recipients can be deleted from a draft, sent or delivered envelope; this one is '${envelope.status}'.`,
    )
  }
  const byId = new Map(envelope.recipients.map((recipient) => [recipient.recipientId, recipient]))
  const unknown = recipientIds.find((recipientId) => !byId.has(recipientId))
  if (unknown !== undefined) {
    throw new LifecycleError(
      'UNKNOWN_ENVELOPE_RECIPIENT',
      `Recipient ${unknown} is not a recipient of this envelope.`,
    )
  }
  const reached = recipientIds
    .map((recipientId) => byId.get(recipientId))
    .find((recipient) => recipient?.status !== 'created')
  if (envelope.status !== 'created' && reached) {
    throw new LifecycleError(
      'RECIPIENT_ALREADY_FINISHED',
      `Recipient ${reached.recipientId} has already been ${FINISHED.has(reached.status) ? reached.status : 'sent the envelope'}; ` +
        'only recipients not yet reached can be deleted from a sent envelope.',
    )
  }
  const removed = new Set(recipientIds)
  const kept = envelope.recipients.filter((recipient) => !removed.has(recipient.recipientId))
  if (envelope.status !== 'created' && !kept.some(stillActs)) {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      'A sent envelope must keep at least one recipient who has still to sign or view it; void it instead.',
    )
  }
  return { ...envelope, recipients: kept }
}

/** Someone the routing still waits for. */
function stillActs(recipient: LifecycleRecipient): boolean {
  return recipient.type !== 'carbonCopy' && !FINISHED.has(recipient.status)
}

export function removalAudit(recipientIds: readonly string[], envelopeStatus: string): AuditNote[] {
  return recipientIds.map((recipientId) => ({
    action: REMOVAL_ACTION,
    recipientId,
    envelopeStatus,
    message: `Recipient ${recipientId} was deleted from the envelope.`,
  }))
}
