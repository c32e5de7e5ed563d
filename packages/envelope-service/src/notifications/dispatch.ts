import type { DeliveryResult, OutboundMessage } from '../messages/message.js'
import type { DeliverySettings } from './config.js'
import { createSmtpTransport, type EmailTransport } from './email/smtp.js'
import type { DevMailbox } from './mailbox.js'
import type { SmsProvider } from './sms/provider.js'
import { createTwilioSmsProvider } from './sms/twilio.js'

export interface Transports {
  email?: EmailTransport
  sms?: SmsProvider
  /** Takes a channel's messages when that channel has no real transport. */
  mailbox?: DevMailbox
}

export type Dispatch = (message: OutboundMessage) => Promise<DeliveryResult>

/**
 * Sends one outbox message by its channel: the configured transport, else the development mailbox.
 * Never throws, so one bad message cannot stop the outbox job. A channel with neither is a retry, not a
 * failure: the message waits (within the outbox's retry budget) for the operator to configure it.
 */
export function createDispatcher(transports: Transports): Dispatch {
  return async (message) => {
    try {
      if (message.channel === 'email') {
        if (transports.email) return await transports.email.send(message)
        if (transports.mailbox) return await transports.mailbox.deliver(message)
        return { outcome: 'retry', reason: 'No email transport is configured (set SMTP_URL)' }
      }
      if (transports.sms) return await transports.sms.send(message)
      if (transports.mailbox) return await transports.mailbox.deliver(message)
      return {
        outcome: 'retry',
        reason: 'No SMS provider is configured (set SMS_PROVIDER_URL and its credentials)',
      }
    } catch (error) {
      return { outcome: 'retry', reason: `Unexpected delivery error: ${(error as Error).message}` }
    }
  }
}

/** The transports the settings describe, plus the mailbox for the rest; `close` ends SMTP connections. */
export function createDelivery(settings: DeliverySettings, mailbox?: DevMailbox) {
  const email = settings.smtp ? createSmtpTransport(settings.smtp) : undefined
  const sms = settings.sms ? createTwilioSmsProvider(settings.sms) : undefined
  return {
    dispatch: createDispatcher({
      ...(email ? { email } : {}),
      ...(sms ? { sms } : {}),
      ...(mailbox ? { mailbox } : {}),
    }),
    /** Whether a channel has somewhere to go (a transport, or the mailbox): the messages job waits otherwise. */
    canDeliver: (channel: 'email' | 'sms') =>
      (channel === 'email' ? email : sms) !== undefined || mailbox !== undefined,
    close: () => email?.close(),
  }
}
