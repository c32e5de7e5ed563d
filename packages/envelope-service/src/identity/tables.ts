import type { Generated } from 'kysely'

/**
 * Row types of the identity domain. Conventions for every table of this service:
 * GUIDs are text; booleans are integers 0/1 (portable between SQLite and PostgreSQL);
 * wall-clock timestamps are ISO 8601 UTC text with milliseconds; deadlines are epoch milliseconds (bigint).
 */
export interface AccountsTable {
  id: string
  name: string
  hourly_limit: number
  burst_limit: number
  created_at: string
}

export interface UsersTable {
  id: string
  name: string
  email: string
  created_at: string
}

/** Comma-separated subset of `Permission`. */
export interface MembershipsTable {
  account_id: string
  user_id: string
  permissions: string
  is_default: number
  created_at: string
}

export interface IntegrationKeysTable {
  id: string
  name: string
  enabled: number
  created_at: string
}

export interface IntegrationKeyPublicKeysTable {
  id: Generated<number>
  integration_key_id: string
  public_key_pem: string
  created_at: string
}

/** Space-separated scopes the user consented to for one integration key. */
export interface ConsentsTable {
  user_id: string
  integration_key_id: string
  scopes: string
  granted_at: string
}

/** Only a SHA-256 hash of each access token is stored. */
export interface AccessTokensTable {
  token_hash: string
  user_id: string
  integration_key_id: string
  scopes: string
  expires_at: number
  created_at: string
}

export interface IdentityTables {
  accounts: AccountsTable
  users: UsersTable
  memberships: MembershipsTable
  integration_keys: IntegrationKeysTable
  integration_key_public_keys: IntegrationKeyPublicKeysTable
  consents: ConsentsTable
  access_tokens: AccessTokensTable
}
