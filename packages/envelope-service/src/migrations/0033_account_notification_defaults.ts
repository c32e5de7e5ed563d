import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * The account's reminder and expiration defaults (DocuSign's `accountSettingsInformation.accountNotification`),
 * as one JSON document per account: the settings are read and written whole, never queried by field.
 * An account without a row has DocuSign's API defaults (lifecycle/schedule.ts).
 */
export function accountNotificationDefaultsMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('account_notification_defaults')
        .addColumn('account_id', 'text', (column) => column.primaryKey().references('accounts.id'))
        .addColumn('settings', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute()
    },
  }
}
