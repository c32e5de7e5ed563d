import type { Generated } from 'kysely'

/**
 * Row types of the connect domain. Conventions: see identity/tables.ts.
 * A configuration's id is numeric because Connect payloads carry `configurationId` as a number.
 */
export interface ConnectConfigurationsTable {
  id: Generated<number>
  account_id: string
  name: string
  url_to_publish_to: string
  /** JSON array of event names, e.g. `["envelope-completed"]`. */
  events: string
  all_users: number
  /** JSON array of user ids whose envelopes are published when `all_users` is 0. */
  user_ids: string
  include_hmac: number
  event_data_version: string
  event_data_format: string
  /** JSON array, e.g. `["custom_fields","recipients"]`. */
  include_data: string
  enabled: number
  configuration_type: string
  delivery_mode: string
  created_by: string
  created_at: string
  updated_at: string
}

/** HMAC keys of a configuration. Kept in clear: deliveries must sign with them. */
export interface ConnectHmacSecretsTable {
  id: Generated<number>
  configuration_id: number
  secret: string
  created_at: string
}

/** The account's Connect keys: an envelope's own webhook is signed with these (migration 0017). */
export interface ConnectAccountKeysTable {
  account_id: string
  key_id: string
  secret: string
  created_at: string
}

export interface ConnectTables {
  connect_configurations: ConnectConfigurationsTable
  connect_hmac_secrets: ConnectHmacSecretsTable
  connect_account_keys: ConnectAccountKeysTable
}
