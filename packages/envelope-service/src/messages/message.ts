/**
 * What leaves through the outbox: one message per channel, serializable as JSON so the outbox row can
 * hold it, and the result of one delivery attempt, which the outbox job records.
 */

export interface EmailMessage {
  channel: 'email'
  to: { name?: string; address: string }
  /** Shown as "<fromName> via <product>"; the address is the transport's (`SMTP_FROM`). */
  fromName: string
  subject: string
  text: string
  html: string
  /** The envelope's `emailSettings.replyEmailAddressOverride` (and name): where replies go. */
  replyTo?: { name?: string; address: string }
  /** The envelope's `emailSettings.bccEmailAddresses`: blind copies of the message. */
  bcc?: string[]
}

export interface SmsMessage {
  channel: 'sms'
  /** E.164. */
  to: string
  body: string
}

export type OutboundMessage = EmailMessage | SmsMessage

export type DeliveryResult =
  | { outcome: 'delivered'; transport: 'smtp' | 'sms' | 'mailbox'; providerMessageId?: string }
  /** Worth trying again later: the server or provider was unreachable, busy or failed temporarily. */
  | { outcome: 'retry'; reason: string; retryAfterMs?: number }
  /** Trying again cannot help: the address or number was refused, or the request was rejected. */
  | { outcome: 'failed'; reason: string }
