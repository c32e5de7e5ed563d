import { type Static, Type } from '@sinclair/typebox'
import { BooleanString, Digits } from './scalars.js'

/** An envelope's reminders and expiration (`notification`) and its own webhook (`eventNotification`). */

export const Reminders = Type.Object({
  reminderEnabled: Type.Optional(BooleanString('Whether reminders are sent.')),
  reminderDelay: Type.Optional(Digits('Days after sending before the first reminder.')),
  reminderFrequency: Type.Optional(Digits('Days between reminders.')),
})

export const Expirations = Type.Object({
  expireEnabled: Type.Optional(BooleanString('Whether the envelope expires.')),
  expireAfter: Type.Optional(Digits('Days after sending until the envelope expires.')),
  expireWarn: Type.Optional(Digits('Days before expiration to warn recipients.')),
})

export const Notification = Type.Object({
  useAccountDefaults: Type.Optional(BooleanString('Use the account’s reminder and expiration settings.')),
  reminders: Type.Optional(Reminders),
  expirations: Type.Optional(Expirations),
})
export type Notification = Static<typeof Notification>

/** The older way to name events: status codes such as `Completed`, per envelope or recipient. */
export const ENVELOPE_EVENT_STATUS_CODES = ['Sent', 'Delivered', 'Completed', 'Declined', 'Voided'] as const
export const RECIPIENT_EVENT_STATUS_CODES = [
  'Sent',
  'Delivered',
  'Completed',
  'Declined',
  'AuthenticationFailed',
  'AutoResponded',
] as const

export const EnvelopeEvent = Type.Object({
  envelopeEventStatusCode: Type.String({ description: 'e.g. `Completed` (case-insensitive).' }),
  includeDocuments: Type.Optional(BooleanString()),
})

export const RecipientEvent = Type.Object({
  recipientEventStatusCode: Type.String({ description: 'e.g. `Completed` (case-insensitive).' }),
  includeDocuments: Type.Optional(BooleanString()),
})

export const EventData = Type.Object({
  version: Type.Optional(Type.String({ description: '`restv2.1`.' })),
  format: Type.Optional(Type.String({ description: '`json`.' })),
  includeData: Type.Optional(Type.Array(Type.String(), { maxItems: 10 })),
})

/** A webhook for one envelope: `events` (e.g. `envelope-completed`) or the older status-code lists. */
export const EventNotification = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000 }),
  events: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
  envelopeEvents: Type.Optional(Type.Array(EnvelopeEvent, { maxItems: 20 })),
  recipientEvents: Type.Optional(Type.Array(RecipientEvent, { maxItems: 20 })),
  includeHMAC: Type.Optional(BooleanString('Sign deliveries with the account’s Connect HMAC keys.')),
  requireAcknowledgment: Type.Optional(BooleanString('Retry until the listener answers 2xx.')),
  loggingEnabled: Type.Optional(BooleanString()),
  eventData: Type.Optional(EventData),
})
export type EventNotification = Static<typeof EventNotification>
