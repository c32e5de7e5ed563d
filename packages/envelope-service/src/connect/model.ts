/** Domain model of Connect configurations; wire shapes are in connect/schema.ts. */

import type { ConnectEventName, ConnectIncludeData } from 'esign-contract'

/** Events a configuration can subscribe to: Connect's event names (`CONNECT_EVENTS` in esign-contract). */
export type ConnectEvent = ConnectEventName
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
