import type { Kysely } from 'kysely'

/**
 * Which version of the account's disclosure each agreement was given to (signing/disclosure/rules.ts
 * `disclosureVersion`): a change to the account's disclosure asks its signers who have not signed yet to
 * agree again, as DocuSign does. Agreements recorded before this migration have none and stand.
 */
export function disclosureVersionsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('recipient_disclosures').addColumn('text_version', 'text').execute()
    },
  }
}
