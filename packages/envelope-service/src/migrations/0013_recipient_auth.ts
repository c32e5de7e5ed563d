import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Recipient authentication: the numbers of SMS authentication on each recipient, the attempt counters
 * and SMS codes per recipient and method, and the browser sessions that passed.
 */
export function recipientAuthMigration(dialect: DialectName) {
  const epochMs = dialect === 'postgres' ? sql`bigint` : sql`integer`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('envelope_recipients').addColumn('sms_auth_phones', 'text').execute()
      await db.schema
        .createTable('recipient_auth')
        .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id').onDelete('cascade'))
        .addColumn('recipient_id', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('failed_attempts', 'integer', (c) => c.notNull())
        .addColumn('locked_at', epochMs)
        .addColumn('code_hash', 'text')
        .addColumn('code_expires_at', epochMs)
        .addColumn('codes_sent', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('recipient_auth_pk', ['envelope_id', 'recipient_id', 'method'])
        .execute()
      await db.schema
        .createTable('signing_auth_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id').onDelete('cascade'))
        .addColumn('recipient_id', 'text', (c) => c.notNull())
        .addColumn('methods', 'text', (c) => c.notNull())
        .addColumn('expires_at', epochMs, (c) => c.notNull())
        .execute()
      // The purge deletes envelopes; the cascade finds their sessions by this index instead of a scan.
      await db.schema
        .createIndex('signing_auth_sessions_envelope')
        .on('signing_auth_sessions')
        .column('envelope_id')
        .execute()
    },
  }
}
