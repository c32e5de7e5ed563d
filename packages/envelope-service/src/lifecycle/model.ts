import type { ConnectEventName as ContractEventName } from 'esign-contract'
import type { WorkflowAuditAction } from '../workflow/audit.js'
import type { LifecycleWorkflow } from '../workflow/model.js'

/**
 * The lifecycle's own small types. The write path maps stored rows to them and stores what the
 * transitions return; nothing here knows about tables or wire shapes.
 */

export type LifecycleEnvelopeStatus = 'created' | 'sent' | 'delivered' | 'completed' | 'declined' | 'voided'
export type LifecycleRecipientStatus = 'created' | 'sent' | 'delivered' | 'completed' | 'declined'

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
  status: LifecycleRecipientStatus
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
}

export interface LifecycleEnvelope {
  status: LifecycleEnvelopeStatus
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

/**
 * A message the outbox must send: to the recipient `recipientId`, or, for a kind in `SENDER_KINDS`, to
 * the envelope's sender about that recipient.
 */
export interface MessageEffect {
  kind: MessageKind
  recipientId: string
  channel: DeliveryChannel
  /** The decline or void reason, for the notices that quote it. */
  reason?: string
}

/** Kinds addressed to the envelope's sender (by email) rather than to the recipient they name. */
export const SENDER_KINDS: ReadonlySet<MessageKind> = new Set(['senderDeclined'])

/** Actions as DocuSign's envelope history names them (`Sent Invitations`, `Viewed`, ...), plus our own. */
export type AuditAction =
  | 'Sent Invitations'
  | 'Printable Copy Delivered'
  | 'Viewed'
  | 'Signed'
  | 'Declined'
  | 'Voided'
  | 'Resent'
  | 'Reminder Sent'
  | 'Expiration Warning Sent'
  | 'Completed'
  | WorkflowAuditAction

export interface AuditEffect {
  action: AuditAction
  /** Absent for actions of the sender or the system. */
  recipientId?: string
  /** The envelope's status after the action. */
  envelopeStatus: LifecycleEnvelopeStatus
  message: string
}

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

export const TERMINAL_ENVELOPE_STATUSES: ReadonlySet<LifecycleEnvelopeStatus> = new Set([
  'completed',
  'declined',
  'voided',
])
