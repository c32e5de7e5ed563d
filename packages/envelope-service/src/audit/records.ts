import type { EnvelopeStatus } from 'esign-contract'
import type { MessageKind } from '../lifecycle/model.js'
import type { DeliveryResult } from '../messages/message.js'
import type { AuditRecord } from './chain.js'
import type { AuditEffect } from './model.js'

/**
 * Audit records from what happened: the audit effects of a lifecycle transition (with who acted and
 * from where), and each delivery attempt of a message, so failures are on the record too. The write
 * path chains them with `appendEntries`.
 */

export type UnchainedAuditRecord = Omit<AuditRecord, 'sequence'>

export interface AuditActor {
  /** `API` for the sender through the REST API, `Web` for a recipient's browser, `System` for jobs. */
  source: 'API' | 'Web' | 'System'
  userName: string
  userId?: string
  clientIpAddress?: string
  userAgent?: string
}

/** The system's own name in the trail (reminders, expiry, deliveries). */
export const SYSTEM_ACTOR: AuditActor = { source: 'System', userName: 'Inkwell' }

export function auditRecordsOf(
  envelopeId: string,
  effects: readonly AuditEffect[],
  actor: AuditActor,
  at: Date,
): UnchainedAuditRecord[] {
  return effects.map((effect) => ({
    envelopeId,
    loggedAt: at.toISOString(),
    action: effect.action,
    ...actor,
    ...(effect.recipientId ? { recipientId: effect.recipientId } : {}),
    message: effect.message,
    envelopeStatus: effect.envelopeStatus,
  }))
}

export interface DeliveryAttempt {
  envelopeId: string
  envelopeStatus: EnvelopeStatus
  recipientId: string
  kind: MessageKind
  channel: 'email' | 'sms'
  /** 1 for the first attempt. */
  attempt: number
  result: DeliveryResult
  at: Date
}

const ACTION_OF_OUTCOME = {
  delivered: 'Message Delivered',
  retry: 'Message Delivery Deferred',
  failed: 'Message Delivery Failed',
} as const

export function deliveryAttemptRecord(attempt: DeliveryAttempt): UnchainedAuditRecord {
  const { result } = attempt
  const outcome =
    result.outcome === 'delivered'
      ? `delivered${result.transport === 'mailbox' ? ' to the development mailbox' : ''}`
      : result.outcome === 'retry'
        ? 'deferred, to be retried'
        : 'failed permanently'
  return {
    envelopeId: attempt.envelopeId,
    loggedAt: attempt.at.toISOString(),
    action: ACTION_OF_OUTCOME[result.outcome],
    ...SYSTEM_ACTOR,
    recipientId: attempt.recipientId,
    message: `${attempt.kind} by ${attempt.channel} to recipient ${attempt.recipientId}: ${outcome} (attempt ${attempt.attempt}).`,
    envelopeStatus: attempt.envelopeStatus,
    ...(result.outcome === 'delivered'
      ? result.providerMessageId
        ? { information: `provider message id ${result.providerMessageId}` }
        : {}
      : { information: result.reason }),
  }
}
