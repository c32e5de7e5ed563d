import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * DocuSign's `messageLock` and `brandLock` on envelopes and templates (1 when set): a locked template's
 * subject, message and brand are what its envelopes carry, and a locked draft's subject and message
 * cannot be changed (envelopes/locks.ts).
 */
export function messageAndBrandLocksMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['envelopes', 'templates']) {
        for (const column of ['message_lock', 'brand_lock']) {
          await db.schema
            .alterTable(table)
            .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
            .execute()
        }
      }
    },
  }
}
