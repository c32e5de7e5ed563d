/** One edit lock per envelope or template (migration 0022). Times are ISO 8601 text. */
export interface EditLocksTable {
  /** `envelope` or `template`. */
  resource_type: string
  resource_id: string
  account_id: string
  user_id: string
  lock_token: string
  locked_by_app: string
  duration_seconds: number
  locked_until: string
}

export interface EditLockTables {
  edit_locks: EditLocksTable
}
