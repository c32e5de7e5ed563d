/** Row types of the account's reminder and expiration defaults (conventions: identity/tables.ts). */
export interface AccountNotificationDefaultsTable {
  account_id: string
  /** JSON of `AccountNotificationDefaults` (rules.ts). */
  settings: string
  updated_at: string
}

export interface AccountSettingsTables {
  account_notification_defaults: AccountNotificationDefaultsTable
}
