/**
 * The outbox topics the envelope service writes, with their payloads. Payloads carry ids, not copies:
 * a dispatcher reads the current rows when it runs, so it never acts on stale data.
 */
export const OUTBOX_TOPICS = {
  /** Publish an envelope event to the Connect configurations and the envelope's `eventNotification`. */
  envelopeEvent: 'envelope.event',
  /** A lifecycle message to one recipient: invitation, copy, reminder, expiry warning, completion, notices. */
  recipientMessage: 'recipient.message',
  /** Seal a completed envelope's documents, then send the completion messages it carries. */
  envelopeComplete: 'envelope.complete',
  /**
   * A message composed when it was owed, sent as it is: recipient authentication's one-time codes and
   * its lock notice to the sender, users' invitations and password resets (the messages job sends these too).
   */
  composedMessage: 'message.composed',
} as const

export interface ComposedMessagePayload {
  /** The envelope it is about; none for account messages (a user's invitation or password reset). */
  envelopeId?: string
  /** The recipient the message is about, for the audit entry of a failure. */
  recipientId?: string
  /** What it is, named in audit entries: `authentication code`, `recipient locked notice`. */
  purpose: string
  /** An `OutboundMessage` (notifications/message.ts). */
  message: unknown
}

export interface RecipientMessagePayload {
  accountId: string
  envelopeId: string
  recipientId: string
  /** The lifecycle's `MessageKind`: `invitation`, `copy`, `reminder`, `expiryWarning`, `completed`, ... */
  kind: string
  /** `email`, `sms` or `both`, decided when the message was owed. */
  channel: string
  /** The decline or void reason the notice quotes. */
  reason?: string
  /**
   * The signing link minted for this message, stored before its first attempt so every retry (and the
   * channel left over after a partial failure) sends the same link. The row is deleted once sent: the
   * link stays in the database only while its message is pending.
   */
  link?: string
}

export interface EnvelopeCompletePayload {
  accountId: string
  envelopeId: string
  /** The completion messages to send once the sealed documents are stored. */
  messages: RecipientMessagePayload[]
}

export interface EnvelopeEventPayload {
  accountId: string
  envelopeId: string
  /** Connect's event name, e.g. `envelope-sent`. */
  event: string
  /** When it happened, ISO 8601 UTC. */
  at: string
  /** The recipient of a `recipient-*` event. */
  recipientId?: string
}
