import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/** Connect delivery: pending deliveries per event and target, the attempt log, and given-up deliveries. */
export function connectDeliveryMigration(dialect: DialectName) {
  const epochMs = dialect === 'postgres' ? sql`bigint` : sql`integer`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('connect_deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('envelope_id', 'text', (c) => c.notNull())
        .addColumn('configuration_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('include_hmac', 'integer', (c) => c.notNull())
        .addColumn('logging_enabled', 'integer', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', epochMs, (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_expires_at', epochMs)
        .addColumn('last_error', 'text')
        .addColumn('created_at', epochMs, (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('connect_deliveries_due')
        .on('connect_deliveries')
        .columns(['next_attempt_at', 'id'])
        .execute()
      // The ordering check looks up earlier deliveries of the same envelope and target.
      await db.schema
        .createIndex('connect_deliveries_stream')
        .on('connect_deliveries')
        .columns(['envelope_id', 'configuration_id', 'url', 'id'])
        .execute()
      await db.schema
        .createTable('connect_logs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('envelope_id', 'text', (c) => c.notNull())
        .addColumn('configuration_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('payload', 'text')
        .addColumn('created_at', epochMs, (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('connect_logs_account')
        .on('connect_logs')
        .columns(['account_id', 'id'])
        .execute()
      await db.schema
        .createTable('connect_failures')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('envelope_id', 'text', (c) => c.notNull())
        .addColumn('configuration_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('include_hmac', 'integer', (c) => c.notNull())
        .addColumn('logging_enabled', 'integer', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('last_error', 'text', (c) => c.notNull())
        .addColumn('created_at', epochMs, (c) => c.notNull())
        .addColumn('failed_at', epochMs, (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('connect_failures_account')
        .on('connect_failures')
        .columns(['account_id', 'envelope_id'])
        .execute()
    },
  }
}
