import { type CreateTableBuilder, type Kysely, sql } from 'kysely'
import type { DialectName } from 'platform'

/** Envelopes, their documents, recipients, custom fields and idempotency keys. */
export function envelopesMigration(dialect: DialectName) {
  // Every create writes one row or more to each table in one transaction. On SQLite, clustering the
  // rows on their primary key (WITHOUT ROWID) saves a second B-tree per table, hence pages per commit.
  const clustered = <T extends string, C extends string>(builder: CreateTableBuilder<T, C>) =>
    dialect === 'sqlite' ? builder.modifyEnd(sql`without rowid`) : builder
  return {
    async up(db: Kysely<unknown>) {
      await clustered(
        db.schema
          .createTable('envelopes')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
          .addColumn('sender_user_id', 'text', (c) => c.notNull().references('users.id'))
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('email_subject', 'text', (c) => c.notNull())
          .addColumn('email_blurb', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('sent_at', 'text')
          .addColumn('status_changed_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull()),
      ).execute()
      await db.schema
        .createIndex('envelopes_account_status_changed')
        .on('envelopes')
        .columns(['account_id', 'status_changed_at'])
        .execute()
      await clustered(
        db.schema
          .createTable('envelope_documents')
          .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id').onDelete('cascade'))
          .addColumn('document_id', 'text', (c) => c.notNull())
          .addColumn('document_id_guid', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('file_extension', 'text', (c) => c.notNull())
          .addColumn('pages', 'integer', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('blob_id', 'text', (c) => c.notNull().references('document_blobs.id'))
          .addPrimaryKeyConstraint('envelope_documents_pk', ['envelope_id', 'document_id']),
      ).execute()
      await clustered(
        db.schema
          .createTable('envelope_recipients')
          .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id').onDelete('cascade'))
          .addColumn('recipient_id', 'text', (c) => c.notNull())
          .addColumn('recipient_id_guid', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('role_name', 'text')
          .addColumn('routing_order', 'integer', (c) => c.notNull())
          .addColumn('name', 'text')
          .addColumn('email', 'text')
          .addColumn('delivery_method', 'text', (c) => c.notNull())
          .addColumn('phone_number', 'text')
          .addColumn('additional_notifications', 'text', (c) => c.notNull())
          .addColumn('client_user_id', 'text')
          .addColumn('tabs', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('sent_at', 'text')
          .addColumn('position', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('envelope_recipients_pk', ['envelope_id', 'recipient_id']),
      ).execute()
      await clustered(
        db.schema
          .createTable('envelope_custom_fields')
          .addColumn('envelope_id', 'text', (c) => c.notNull().references('envelopes.id').onDelete('cascade'))
          .addColumn('field_id', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('list_items', 'text')
          .addColumn('show', 'integer', (c) => c.notNull())
          .addColumn('required', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('envelope_custom_fields_pk', ['envelope_id', 'field_id']),
      ).execute()
      // No foreign key to envelopes: the key is claimed first in the create transaction, before the
      // envelope row exists, so that a concurrent duplicate stops at once.
      await clustered(
        db.schema
          .createTable('envelope_idempotency_keys')
          .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
          .addColumn('idempotency_key', 'text', (c) => c.notNull())
          .addColumn('request_hash', 'text', (c) => c.notNull())
          .addColumn('envelope_id', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('envelope_idempotency_keys_pk', ['account_id', 'idempotency_key']),
      ).execute()
    },
  }
}
