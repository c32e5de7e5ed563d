import type { EmailSettings, RecipientEmailNotification } from '../envelopes/model.js'
import type { DeliveryChannel } from '../lifecycle/model.js'
import type { OutboundMessage } from './message.js'

/**
 * What an envelope's and a recipient's DocuSign message settings change in a message that is owed:
 * the channel left once `suppressEmails` takes email away, the subject and body the recipient's own
 * `emailNotification` puts in place of the envelope's, and the Reply-To and Bcc of `emailSettings` on
 * every email. Pure, so the outbox job only applies them.
 */

/** The channel to send on, or undefined when nothing is left to send (email only, and suppressed). */
export function channelAfterSuppression(
  channel: DeliveryChannel,
  suppressEmails: boolean | undefined,
): DeliveryChannel | undefined {
  if (!suppressEmails) return channel
  if (channel === 'both') return 'sms'
  return channel === 'sms' ? 'sms' : undefined
}

/** The envelope's subject and blurb as this recipient reads them: its own where it set them. */
export function recipientWording(
  envelope: { emailSubject: string; emailBlurb?: string },
  own: RecipientEmailNotification | undefined,
): { emailSubject: string; emailBlurb?: string } {
  const emailBlurb = own?.emailBody ?? envelope.emailBlurb
  return {
    emailSubject: own?.emailSubject ?? envelope.emailSubject,
    ...(emailBlurb ? { emailBlurb } : {}),
  }
}

/**
 * Adds the envelope's Reply-To and blind copies to each email; SMS messages are left as they are. A
 * reply name without an address names the sender's address, where replies go by default.
 */
export function withEmailSettings(
  messages: OutboundMessage[],
  settings: EmailSettings | undefined,
  senderEmail: string,
): OutboundMessage[] {
  if (!settings) return messages
  const name = settings.replyEmailNameOverride
  const address = settings.replyEmailAddressOverride ?? (name ? senderEmail : undefined)
  const bcc = settings.bccEmailAddresses.map((entry) => entry.email)
  return messages.map((message) =>
    message.channel !== 'email'
      ? message
      : {
          ...message,
          ...(address ? { replyTo: { ...(name ? { name } : {}), address } } : {}),
          ...(bcc.length > 0 ? { bcc } : {}),
        },
  )
}
