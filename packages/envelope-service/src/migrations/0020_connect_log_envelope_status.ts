import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * The envelope's status when a Connect log entry's event was sent, which DocuSign's `ConnectLog.status`
 * holds (the event itself is the entry's `event`). Null on entries written before this column: they
 * fall back to the status the event names.
 */
export function connectLogEnvelopeStatusMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('connect_logs').addColumn('envelope_status', 'text').execute()
    },
  }
}
