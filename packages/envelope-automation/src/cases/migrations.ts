import type { Kysely } from 'kysely'
import type { MigrationSet } from 'platform'

/** The automation's own tables, on SQLite or PostgreSQL, apart from the envelope service's. */
export const caseStoreMigrations: MigrationSet = () => ({
  '0001_cases': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contacts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('mobile', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('cases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('case_number', 'text', (c) => c.notNull().unique())
        .addColumn('signing_recipient_1', 'text', (c) => c.references('contacts.id'))
        .addColumn('service_coordinator_name', 'text', (c) => c.notNull())
        .addColumn('service_coordinator_email', 'text', (c) => c.notNull())
        .addColumn('language', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('case_envelopes')
        .addColumn('envelope_id', 'text', (c) => c.primaryKey())
        .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('case_envelopes_case')
        .on('case_envelopes')
        .columns(['case_id', 'sent_at'])
        .execute()
      await db.schema
        .createTable('processed_events')
        .addColumn('event_key', 'text', (c) => c.primaryKey())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute()
    },
  },
  // From here the table is the console's record of the envelopes it sent itself, with the account it sent
  // them from: the completion listener applies a Connect delivery only to such a row (README, "Completion
  // listener"). Rows from before have no account, so deliveries for them are ignored.
  '0002_case_envelope_account': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('case_envelopes').addColumn('account_id', 'text').execute()
    },
  },
})
