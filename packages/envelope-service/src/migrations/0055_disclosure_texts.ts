import { type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/**
 * What each version of an account's disclosure said (signing/disclosure/rules.ts `disclosureVersion`),
 * kept when a signer first agrees to it, and the language each agreement was read in: the certificate
 * of completion prints the disclosure its signers agreed to, as DocuSign's does, even after the account
 * changed it. Agreements recorded before this migration have neither, and the certificate says only when
 * they were given.
 */
export function disclosureTextsMigration(dialect: DialectName) {
  const epochMs = dialect === 'postgres' ? sql`bigint` : sql`integer`
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('disclosure_texts')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('created_at', sql`${epochMs}`, (c) => c.notNull())
        .addPrimaryKeyConstraint('disclosure_texts_pk', ['account_id', 'version'])
        .execute()
      await db.schema.alterTable('recipient_disclosures').addColumn('language', 'text').execute()
    },
  }
}
