import type { ConnectEventName as ContractEventName, EnvelopeStatus, RecipientStatus } from 'esign-contract'
import type { AuditEffect } from '../audit/model.js'
import type { LifecycleWorkflow } from '../workflow/model.js'

/**
 * The lifecycle's own small types. The write path maps stored rows to them and stores what the
 * transitions return; nothing here knows about tables or wire shapes.
 */

/**
 * Signers and in-person signers sign; certified deliveries must open the envelope (DocuSign completes
 * them when they view it); carbon copies only receive copies and never hold up the routing.
 */
export type LifecycleRecipientType = 'signer' | 'inPersonSigner' | 'certifiedDelivery' | 'carbonCopy'

/** How a message reaches a recipient: `both` is an email plus an SMS. */
export type DeliveryChannel = 'email' | 'sms' | 'both'

export interface LifecycleRecipient {
  recipientId: string
  type: LifecycleRecipientType
  /** Already parsed from DocuSign's string. */
  routingOrder: number
  status: RecipientStatus
  channel: DeliveryChannel
  /**
   * Signed through the sender's application (`clientUserId`, `POST .../views/recipient`) instead of a
   * link in a message; absent for a remote recipient. Who is sent what: notified.ts.
   */
  embedded?: boolean
  /** ISO 8601 UTC timestamps, set by the transitions. */
  sentAt?: string
  deliveredAt?: string
  /** When a signer signed, or a certified delivery viewed (DocuSign's `signedDateTime`). */
  completedAt?: string
  declinedAt?: string
  declinedReason?: string
  /** Who a conditional placeholder became (workflow/conditions.ts); the write path stores it on the recipient. */
  identity?: { name: string; email: string; roleName?: string }
  /** On a signer who reassigned (signing/reassign/): the recipient id of the signer who took over. */
  reassignedTo?: string
  /**
   * On the signer who took over from another: whom it replaces and who it is. The write path adds its
   * row from the replaced one's (same role, routing order and tabs).
   */
  replacing?: { recipientId: string; name: string; email: string }
}

export interface LifecycleEnvelope {
  status: EnvelopeStatus
  recipients: readonly LifecycleRecipient[]
  sentAt?: string
  deliveredAt?: string
  completedAt?: string
  declinedAt?: string
  voidedAt?: string
  voidedReason?: string
  /** Scheduled sending, paused and delayed routing (workflow/); absent for a plain envelope. */
  workflow?: LifecycleWorkflow
}

export type MessageKind =
  | 'invitation'
  | 'copy'
  | 'reminder'
  | 'expiryWarning'
  | 'completed'
  | 'declined'
  | 'voided'
  | 'senderDeclined'
  | 'senderReassigned'

/**
 * A message the outbox must send: to the recipient `recipientId`, or, for a kind in `SENDER_KINDS`, to
 * the envelope's sender about that recipient.
 */
export interface MessageEffect {
  kind: MessageKind
  recipientId: string
  channel: DeliveryChannel
  /** The decline or void reason, or a reassign's message, for the messages that quote it. */
  reason?: string
}

/** Kinds addressed to the envelope's sender (by email) rather than to the recipient they name. */
export const SENDER_KINDS: ReadonlySet<MessageKind> = new Set(['senderDeclined', 'senderReassigned'])

/** Connect event names (DocuSign's `event` strings) a transition can produce. */
export type ConnectEventName = Exclude<ContractEventName, 'envelope-created'>

export interface ConnectEventEffect {
  event: ConnectEventName
  recipientId?: string
}

export interface Effects {
  messages: MessageEffect[]
  audit: AuditEffect[]
  events: ConnectEventEffect[]
}

/** What every transition returns: the new state and what the write path stores with it. */
export interface Transition {
  envelope: LifecycleEnvelope
  effects: Effects
}
