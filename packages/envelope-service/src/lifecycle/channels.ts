import type { DeliveryChannel } from './model.js'

/** The recipient fields that decide the channel, as stored for envelopes (see envelopes/model.ts). */
export interface ChannelFields {
  deliveryMethod: string
  phoneNumber?: { countryCode: string; number: string }
  additionalNotifications: readonly {
    secondaryDeliveryMethod: string
    phoneNumber: { countryCode: string; number: string }
  }[]
}

/**
 * DocuSign's rule: `deliveryMethod: "SMS"` (any case) reaches the recipient by SMS only; the email the
 * CRM puts on such a recipient is a placeholder that must never receive mail. An email recipient with
 * an SMS `additionalNotifications` entry gets both.
 */
export function deliveryChannel(recipient: ChannelFields): DeliveryChannel {
  if (recipient.deliveryMethod.toLowerCase() === 'sms') return 'sms'
  const alsoSms = recipient.additionalNotifications.some(
    (notification) => notification.secondaryDeliveryMethod.toLowerCase() === 'sms',
  )
  return alsoSms ? 'both' : 'email'
}

/** The phone an SMS goes to: the recipient's own for SMS delivery, else the additional notification's. */
export function smsPhoneOf(recipient: ChannelFields): { countryCode: string; number: string } | undefined {
  if (recipient.deliveryMethod.toLowerCase() === 'sms') return recipient.phoneNumber
  return recipient.additionalNotifications.find(
    (notification) => notification.secondaryDeliveryMethod.toLowerCase() === 'sms',
  )?.phoneNumber
}

export const sendsEmail = (channel: DeliveryChannel) => channel !== 'sms'
export const sendsSms = (channel: DeliveryChannel) => channel !== 'email'
