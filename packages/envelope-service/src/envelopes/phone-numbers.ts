import { InvalidRequestError } from 'platform'
import type { EnvelopeDefinition } from './model.js'
import { toE164 } from './phone.js'

/**
 * Every phone number an envelope will text must be a real number (libphonenumber's metadata), checked at
 * creation: a number that cannot be reached is the sender's 400 now, not a failed message later. A
 * recipient to be reached by SMS needs its number when the envelope is sent, as DocuSign requires: a
 * template role whose default delivery is SMS and that the envelope gives no `phoneNumber` is a 400
 * naming the role.
 */
export function checkPhoneNumbers(definition: Pick<EnvelopeDefinition, 'recipients'>): void {
  for (const recipient of definition.recipients) {
    const where =
      recipient.roleName === undefined
        ? `recipient ${recipient.recipientId}`
        : `recipient ${recipient.recipientId} (role "${recipient.roleName}")`
    if (recipient.deliveryMethod.toLowerCase() === 'sms') {
      if (!recipient.phoneNumber) {
        throw new InvalidRequestError(`${where} has deliveryMethod SMS but no phoneNumber`)
      }
      checked(recipient.phoneNumber, `${where} phoneNumber`)
    }
    for (const notification of recipient.additionalNotifications) {
      checked(notification.phoneNumber, `${where} additionalNotifications phoneNumber`)
    }
  }
}

function checked(phone: { countryCode: string; number: string }, where: string) {
  try {
    toE164(phone)
  } catch (error) {
    throw new InvalidRequestError(`${where}: ${(error as Error).message}`)
  }
}
