import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/**
 * The head of each envelope's audit chain (its last sequence and hash), stored on the envelope in the
 * transaction of every entry: cutting entries from the end of a chain no longer leaves a chain that
 * verifies, since its head moves with it. Existing envelopes take the head their chain has now.
 */
export function auditHeadMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('envelopes').addColumn('audit_head_sequence', 'integer').execute()
      await db.schema.alterTable('envelopes').addColumn('audit_head_hash', 'text').execute()
      await sql`
        update envelopes set
          audit_head_sequence = (select max(sequence) from audit_events where envelope_id = envelopes.id),
          audit_head_hash = (
            select hash from audit_events where envelope_id = envelopes.id order by sequence desc limit 1
          )
      `.execute(db)
    },
  }
}
