import type { Kysely } from 'kysely'

/**
 * What an account adds to its Electronic Record and Signature Disclosure, per language (`en`, `es`):
 * its contact details for changing an address, asking for paper copies and withdrawing consent
 * (signing/disclosure/text.ts `DisclosureDetails`, stored as JSON), set with DocuSign's
 * `PUT /consumer_disclosure/{langCode}`; and whether the account shows the disclosure on every envelope
 * that does not say (DocuSign's `useConsumerDisclosureWithinAccount`, one setting for both languages).
 */
export function accountDisclosuresMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('account_disclosures')
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by_user_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('account_disclosures_pk', ['account_id', 'language'])
        .execute()
      await db.schema
        .createTable('account_disclosure_settings')
        .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
        .addColumn('on_every_envelope', 'integer', (c) => c.notNull())
        .execute()
    },
  }
}
