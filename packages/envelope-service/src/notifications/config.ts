import { type Static, Type } from '@sinclair/typebox'
import { ConfigError } from 'platform'

/**
 * Message delivery settings, composed into the service's configuration. Without `SMTP_URL`, or without
 * an SMS provider, messages of that channel go to the development mailbox when it is enabled.
 */
export const NotificationConfig = Type.Object({
  /** `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^/]+' })),
  /** The From address of every email; the sender's name is shown as "<name> via Inkwell". */
  SMTP_FROM: Type.String({ minLength: 3, default: 'no-reply@localhost' }),
  /** Base URL of a Twilio-compatible Messages API, e.g. https://api.twilio.com. */
  SMS_PROVIDER_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+' })),
  SMS_ACCOUNT_SID: Type.Optional(Type.String({ minLength: 1 })),
  SMS_AUTH_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  /** The sending number (E.164); or SMS_MESSAGING_SERVICE_SID to let the provider choose it. */
  SMS_FROM: Type.Optional(Type.String({ minLength: 1 })),
  SMS_MESSAGING_SERVICE_SID: Type.Optional(Type.String({ minLength: 1 })),
})
export type NotificationConfig = Static<typeof NotificationConfig>

export interface SmsProviderSettings {
  baseUrl: string
  accountSid: string
  authToken: string
  sender: { from: string } | { messagingServiceSid: string }
}

export interface DeliverySettings {
  smtp?: { url: string; from: string }
  sms?: SmsProviderSettings
}

/**
 * The transports the settings describe. An SMS provider needs its URL, account SID, auth token and
 * one of SMS_FROM / SMS_MESSAGING_SERVICE_SID; a partial provider is a ConfigError listing what is
 * missing, so a typo never silently sends SMS to the development mailbox.
 */
export function deliverySettingsOf(config: NotificationConfig): DeliverySettings {
  const settings: DeliverySettings = {}
  if (config.SMTP_URL) settings.smtp = { url: config.SMTP_URL, from: config.SMTP_FROM }

  const smsKeys = [
    'SMS_PROVIDER_URL',
    'SMS_ACCOUNT_SID',
    'SMS_AUTH_TOKEN',
    'SMS_FROM',
    'SMS_MESSAGING_SERVICE_SID',
  ] as const
  if (!smsKeys.some((key) => config[key])) return settings
  const problems = (['SMS_PROVIDER_URL', 'SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN'] as const)
    .filter((key) => !config[key])
    .map((key) => `${key} is required when an SMS provider is configured`)
  if (!config.SMS_FROM && !config.SMS_MESSAGING_SERVICE_SID) {
    problems.push('SMS_FROM or SMS_MESSAGING_SERVICE_SID is required when an SMS provider is configured')
  }
  if (config.SMS_FROM && config.SMS_MESSAGING_SERVICE_SID) {
    problems.push('set only one of SMS_FROM and SMS_MESSAGING_SERVICE_SID')
  }
  if (problems.length > 0) throw new ConfigError(problems)
  settings.sms = {
    baseUrl: config.SMS_PROVIDER_URL!.replace(/\/+$/, ''),
    accountSid: config.SMS_ACCOUNT_SID!,
    authToken: config.SMS_AUTH_TOKEN!,
    sender: config.SMS_FROM
      ? { from: config.SMS_FROM }
      : { messagingServiceSid: config.SMS_MESSAGING_SERVICE_SID! },
  }
  return settings
}
