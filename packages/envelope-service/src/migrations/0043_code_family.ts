import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * `authorization_codes.family_id`: the refresh-token family (the sign-in) an authorization code was
 * exchanged for, written when the code is claimed, so that a second exchange of the same code revokes
 * the tokens the first one issued (RFC 6749 §4.1.2). Null for codes claimed before this migration.
 */
export function codeFamilyMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('authorization_codes').addColumn('family_id', 'text').execute()
    },
  }
}
