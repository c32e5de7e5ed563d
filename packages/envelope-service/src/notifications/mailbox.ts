import type { DeliveryResult, OutboundMessage } from '../messages/message.js'

/**
 * The development mailbox: with no SMTP server or SMS provider configured (and the mailbox enabled,
 * as `npm start` does), messages are captured for a page of the service instead of being sent, so a
 * new user can follow an invitation to a signed document without configuring anything.
 */
export interface CapturedMessage {
  channel: 'email' | 'sms'
  /** Email address or E.164 number. */
  to: string
  subject?: string
  text: string
  html?: string
  capturedAt: string
}

/** Stores one captured message (the repository function that owns the mailbox table). */
export type MailboxWriter = (message: CapturedMessage) => Promise<unknown>

export interface DevMailbox {
  deliver(message: OutboundMessage): Promise<DeliveryResult>
}

export function createDevMailbox(write: MailboxWriter, now: () => Date = () => new Date()): DevMailbox {
  return {
    async deliver(message) {
      const captured: CapturedMessage =
        message.channel === 'email'
          ? {
              channel: 'email',
              to: message.to.address,
              subject: message.subject,
              text: message.text,
              html: message.html,
              capturedAt: now().toISOString(),
            }
          : { channel: 'sms', to: message.to, text: message.body, capturedAt: now().toISOString() }
      try {
        await write(captured)
        return { outcome: 'delivered', transport: 'mailbox' }
      } catch (error) {
        return { outcome: 'retry', reason: `development mailbox: ${(error as Error).message}` }
      }
    },
  }
}
