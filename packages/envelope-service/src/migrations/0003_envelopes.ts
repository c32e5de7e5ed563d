import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/** Scaffold: envelopes, their documents, recipients, custom fields and idempotency keys. */
export function envelopesMigration(_dialect: DialectName) {
  return {
    async up(_db: Kysely<unknown>) {},
  }
}
