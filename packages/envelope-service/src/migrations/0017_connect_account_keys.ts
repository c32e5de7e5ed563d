import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * The account's own Connect keys (DocuSign's account-level HMAC secrets, `/connect/secret`): what an
 * envelope's own webhook (`eventNotification` with `includeHMAC`) is signed with, so that a delivery is
 * never signed with the key of a configuration whose receiver did not ask for it.
 */
export function connectAccountKeysMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('connect_account_keys')
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('key_id', 'text', (column) => column.notNull())
        .addColumn('secret', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('connect_account_keys_pkey', ['account_id', 'key_id'])
        .execute()
    },
  }
}
