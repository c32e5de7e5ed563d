/** Domain model of Connect configurations; wire shapes are in connect/schema.ts. */

import { CONNECT_EVENTS } from 'esign-contract'

/** Events a configuration can subscribe to: Connect's event names, declared once in esign-contract. */
export { CONNECT_EVENTS }
export type ConnectEvent = (typeof CONNECT_EVENTS)[number]

/** Parts of the envelope a delivery includes beyond its summary. */
export const CONNECT_INCLUDE_DATA = ['custom_fields', 'recipients', 'documents', 'tabs'] as const
export type ConnectIncludeData = (typeof CONNECT_INCLUDE_DATA)[number]

export const CONNECT_EVENT_DATA_VERSION = 'restv2.1'
/** Signature headers `X-DocuSign-Signature-1..N`: one per secret, at most this many. */
export const MAX_HMAC_SECRETS = 5

export interface HmacSecret {
  keyId: string
  secret: string
  created: string
}

export interface ConnectConfiguration {
  connectId: string
  accountId: string
  name: string
  urlToPublishTo: string
  events: ConnectEvent[]
  allUsers: boolean
  /** Users whose envelopes are published when `allUsers` is false. */
  userIds: string[]
  includeHMAC: boolean
  hmacSecrets: HmacSecret[]
  eventData: { version: string; format: 'json'; includeData: ConnectIncludeData[] }
  enabled: boolean
  configurationType: 'custom'
  deliveryMode: 'SIM'
  createdByUserId: string
  created: string
  lastModified: string
}

/** What create and replace write. */
export type ConnectSettings = Omit<
  ConnectConfiguration,
  'connectId' | 'accountId' | 'hmacSecrets' | 'createdByUserId' | 'created' | 'lastModified'
>
