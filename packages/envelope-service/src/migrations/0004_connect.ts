import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/** Connect configurations and their HMAC secrets. */
export function connectMigration(dialect: DialectName) {
  const autoId = dialect === 'postgres' ? sql`bigserial primary key` : sql`integer primary key autoincrement`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('connect_configurations')
        .addColumn('id', sql`${autoId}`)
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url_to_publish_to', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('all_users', 'integer', (c) => c.notNull())
        .addColumn('user_ids', 'text', (c) => c.notNull())
        .addColumn('include_hmac', 'integer', (c) => c.notNull())
        .addColumn('event_data_version', 'text', (c) => c.notNull())
        .addColumn('event_data_format', 'text', (c) => c.notNull())
        .addColumn('include_data', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('configuration_type', 'text', (c) => c.notNull())
        .addColumn('delivery_mode', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('connect_configurations_account')
        .on('connect_configurations')
        .column('account_id')
        .execute()
      await db.schema
        .createTable('connect_hmac_secrets')
        .addColumn('id', sql`${autoId}`)
        .addColumn('configuration_id', 'bigint', (c) =>
          c.notNull().references('connect_configurations.id').onDelete('cascade'),
        )
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('connect_hmac_secrets_configuration')
        .on('connect_hmac_secrets')
        .column('configuration_id')
        .execute()
    },
  }
}
