import { type Static, Type } from '@sinclair/typebox'
import { CustomFieldsOutput } from './custom-fields.js'
import { RecipientsOutput } from './recipients.js'

/**
 * A Connect delivery in the JSON SIM format (`eventData.version: "restv2.1"`, `deliveryMode: "SIM"`): one
 * message per event, signed in `X-DocuSign-Signature-1..n` headers (base64 HMAC-SHA256 of the exact body).
 * DocuSign carries `retryCount` and `configurationId` as numbers here, unlike the REST API's strings.
 * `envelopeSummary` holds what the configuration's `includeData` asked for (`custom_fields`,
 * `recipients`, ...); other fields are allowed and ignored by readers.
 */

/** Connect's event names; a configuration subscribes to some of them. */
export const CONNECT_EVENTS = [
  'envelope-created',
  'envelope-sent',
  'envelope-delivered',
  'envelope-completed',
  'envelope-declined',
  'envelope-voided',
  'recipient-sent',
  'recipient-delivered',
  'recipient-completed',
  'recipient-declined',
  'recipient-reassign',
] as const
export type ConnectEventName = (typeof CONNECT_EVENTS)[number]

/** Parts of the envelope a Connect delivery includes beyond its summary (`eventData.includeData`). */
export const CONNECT_INCLUDE_DATA = ['custom_fields', 'recipients', 'documents', 'tabs'] as const
export type ConnectIncludeData = (typeof CONNECT_INCLUDE_DATA)[number]

/** The `eventData.version` of the JSON deliveries this API sends. */
export const CONNECT_EVENT_DATA_VERSION = 'restv2.1'

export const ConnectEnvelopeSummary = Type.Object({
  envelopeId: Type.Optional(Type.String()),
  status: Type.String({ description: '`sent`, `delivered`, `completed`, `declined`, `voided`.' }),
  emailSubject: Type.Optional(Type.String()),
  emailBlurb: Type.Optional(Type.String()),
  sentDateTime: Type.Optional(Type.String()),
  deliveredDateTime: Type.Optional(Type.String()),
  completedDateTime: Type.Optional(Type.String({ description: 'ISO 8601 UTC, on completion.' })),
  declinedDateTime: Type.Optional(Type.String()),
  voidedDateTime: Type.Optional(Type.String()),
  statusChangedDateTime: Type.Optional(Type.String()),
  customFields: Type.Optional(Type.Partial(CustomFieldsOutput)),
  recipients: Type.Optional(Type.Partial(RecipientsOutput)),
})
export type ConnectEnvelopeSummary = Static<typeof ConnectEnvelopeSummary>

export const ConnectEventData = Type.Object({
  accountId: Type.String(),
  userId: Type.Optional(Type.String()),
  envelopeId: Type.String(),
  recipientId: Type.Optional(Type.String({ description: 'On recipient events.' })),
  envelopeSummary: Type.Optional(ConnectEnvelopeSummary),
})
export type ConnectEventData = Static<typeof ConnectEventData>

export const ConnectEventPayload = Type.Object({
  event: Type.String({ description: 'e.g. `envelope-completed`.' }),
  apiVersion: Type.String({ description: '`v2.1`.' }),
  uri: Type.String({ description: '`/restapi/v2.1/accounts/<accountId>/envelopes/<envelopeId>`.' }),
  retryCount: Type.Number(),
  configurationId: Type.Number(),
  generatedDateTime: Type.String(),
  data: ConnectEventData,
})
export type ConnectEventPayload = Static<typeof ConnectEventPayload>
