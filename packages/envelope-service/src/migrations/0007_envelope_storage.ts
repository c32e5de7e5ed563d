import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/**
 * What the lifecycle issues build on: the generic outbox, the envelope's reminder/expiration settings
 * and webhook, in-person signers and access codes on recipients, and when each template was last used.
 */
export function envelopeStorageMigration(dialect: DialectName) {
  const epochMs = dialect === 'postgres' ? sql`bigint` : sql`integer`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('available_at', sql`${epochMs}`, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_expires_at', sql`${epochMs}`)
        .addColumn('last_error', 'text')
        .addColumn('created_at', sql`${epochMs}`, (c) => c.notNull())
        .execute()
      // A dispatcher claims the due rows of its topics, oldest first.
      await db.schema
        .createIndex('outbox_due')
        .on('outbox')
        .columns(['topic', 'available_at', 'id'])
        .execute()

      await db.schema.alterTable('envelopes').addColumn('notification', 'text').execute()
      await db.schema.alterTable('envelopes').addColumn('event_notification', 'text').execute()
      await db.schema.alterTable('envelope_recipients').addColumn('access_code', 'text').execute()
      await db.schema.alterTable('envelope_recipients').addColumn('in_person', 'text').execute()

      await db.schema
        .createTable('template_usage')
        .addColumn('template_id', 'text', (c) =>
          c.primaryKey().references('templates.id').onDelete('cascade'),
        )
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
