import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/** Scaffold: templates, template documents and the shared document blob store. */
export function templatesMigration(_dialect: DialectName) {
  return {
    async up(_db: Kysely<unknown>) {},
  }
}
