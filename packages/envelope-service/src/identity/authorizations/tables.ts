/** Row types of shared access (conventions: identity/tables.ts). */
export interface UserAuthorizationsTable {
  id: string
  account_id: string
  principal_user_id: string
  agent_user_id: string
  /** One of `AUTHORIZATION_PERMISSIONS` (rules.ts). */
  permission: string
  start_date: string
  /** Null: no end. */
  end_date: string | null
  created_at: string
  created_by: string
  modified_at: string
  modified_by: string
  /** Set by delete; a deleted authorization grants nothing and is no longer listed. */
  deleted_at: string | null
}

export interface UserAuthorizationTables {
  user_authorizations: UserAuthorizationsTable
}
