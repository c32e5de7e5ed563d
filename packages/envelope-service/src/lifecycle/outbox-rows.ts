import { type AuditRecord, appendEntries, type ChainedAuditRecord } from '../audit/chain.js'
import type { AuditEffect } from '../audit/model.js'
import type { OutboxMessage } from '../outbox/repository.js'
import {
  type EnvelopeCompletePayload,
  type EnvelopeEventPayload,
  OUTBOX_TOPICS,
  type RecipientMessagePayload,
} from '../outbox/topics.js'
import type { Transition } from './model.js'

/** Who caused a transition, as the audit trail records it. */
export interface Actor {
  /** `API` (the sender through the REST API), `Web` (a recipient's browser) or `System` (a job). */
  source: 'API' | 'Web' | 'System'
  userName: string
  userId?: string
  /** Set when an agent acted on behalf of `userId` (identity/authorizations). */
  actingAgentUserId?: string
  clientIpAddress?: string
  userAgent?: string
}

/**
 * The outbox rows a transition owes: one per message and per Connect event. When the transition
 * completes the envelope, its completion messages wait for the sealed PDF they link to: they ride in
 * the `envelope.complete` row, whose job seals the documents and then enqueues them.
 */
export function outboxRowsOf(
  envelope: { accountId: string; envelopeId: string },
  transition: Transition,
  now: number,
): OutboxMessage[] {
  const { accountId, envelopeId } = envelope
  const at = new Date(now).toISOString()
  const completes = transition.envelope.status === 'completed'
  const messages = transition.effects.messages.map(
    (message): RecipientMessagePayload => ({
      accountId,
      envelopeId,
      recipientId: message.recipientId,
      kind: message.kind,
      channel: message.channel,
      ...(message.reason === undefined ? {} : { reason: message.reason }),
    }),
  )
  const rows: OutboxMessage[] = messages
    .filter((message) => !(completes && message.kind === 'completed'))
    .map((payload) => ({ topic: OUTBOX_TOPICS.recipientMessage, payload }))
  for (const event of transition.effects.events) {
    const payload: EnvelopeEventPayload = {
      accountId,
      envelopeId,
      event: event.event,
      at,
      ...(event.recipientId === undefined ? {} : { recipientId: event.recipientId }),
    }
    rows.push({ topic: OUTBOX_TOPICS.envelopeEvent, payload })
  }
  if (completes) {
    const payload: EnvelopeCompletePayload = {
      accountId,
      envelopeId,
      messages: messages.filter((message) => message.kind === 'completed'),
    }
    rows.push({ topic: OUTBOX_TOPICS.envelopeComplete, payload })
  }
  return rows
}

/** An audit entry to write: a transition's, or a delivery attempt's (with `information`). */
export type AuditNote = Omit<AuditEffect, 'action' | 'envelopeStatus'> & {
  action: string
  envelopeStatus: string
  information?: string
}

/** Audit entries chained after `last`. */
export function auditEntriesOf(
  envelopeId: string,
  last: ChainedAuditRecord | undefined,
  effects: readonly AuditNote[],
  actor: Actor,
  now: number,
): ChainedAuditRecord[] {
  const loggedAt = new Date(now).toISOString()
  return appendEntries(
    last,
    effects.map(
      (effect): Omit<AuditRecord, 'sequence'> => ({
        envelopeId,
        loggedAt,
        action: effect.action,
        source: actor.source,
        userName: actor.userName,
        message: effect.message,
        envelopeStatus: effect.envelopeStatus,
        ...(actor.userId === undefined ? {} : { userId: actor.userId }),
        ...(actor.actingAgentUserId === undefined ? {} : { actingAgentUserId: actor.actingAgentUserId }),
        ...(effect.recipientId === undefined ? {} : { recipientId: effect.recipientId }),
        ...(actor.clientIpAddress === undefined ? {} : { clientIpAddress: actor.clientIpAddress }),
        ...(actor.userAgent === undefined ? {} : { userAgent: actor.userAgent }),
        ...(effect.information === undefined ? {} : { information: effect.information }),
      }),
    ),
  )
}
