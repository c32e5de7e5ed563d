import type { Kysely } from 'kysely'
import type { DialectName } from 'platform'

/**
 * Bulk send (DocuSign's BulkSend API): lists of copies, and batches that send a list from a template.
 * A batch keeps its own copy of the list's copies (`bulk_send_copies`), so editing or deleting the list
 * after `send` changes nothing already queued; each copy row records the envelope made from it.
 */
export function bulkSendMigration(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bulk_send_lists')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('copies', 'text', (column) => column.notNull())
        .addColumn('created_by_user_id', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute()
      await db.schema
        .createIndex('bulk_send_lists_account')
        .on('bulk_send_lists')
        .columns(['account_id', 'created_at'])
        .execute()
      await db.schema
        .createTable('bulk_send_batches')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('account_id', 'text', (column) => column.notNull().references('accounts.id'))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('list_id', 'text', (column) => column.notNull())
        .addColumn('template_id', 'text', (column) => column.notNull())
        .addColumn('sender_user_id', 'text', (column) => column.notNull())
        .addColumn('sees_all_templates', 'integer', (column) => column.notNull())
        .addColumn('size', 'integer', (column) => column.notNull())
        .addColumn('submitted_at', 'text', (column) => column.notNull())
        // Epoch ms; null once every copy is sent or failed. The job takes batches due by this.
        .addColumn('due_at', 'bigint')
        .execute()
      await db.schema
        .createIndex('bulk_send_batches_account')
        .on('bulk_send_batches')
        .columns(['account_id', 'submitted_at'])
        .execute()
      await db.schema.createIndex('bulk_send_batches_due').on('bulk_send_batches').column('due_at').execute()
      await db.schema
        .createTable('bulk_send_copies')
        .addColumn('batch_id', 'text', (column) =>
          column.notNull().references('bulk_send_batches.id').onDelete('cascade'),
        )
        .addColumn('copy_index', 'integer', (column) => column.notNull())
        .addColumn('copy', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('envelope_id', 'text')
        .addColumn('error', 'text')
        .addColumn('finished_at', 'text')
        .addPrimaryKeyConstraint('bulk_send_copies_pkey', ['batch_id', 'copy_index'])
        .execute()
      await db.schema
        .createIndex('bulk_send_copies_status')
        .on('bulk_send_copies')
        .columns(['batch_id', 'status', 'copy_index'])
        .execute()
    },
  }
}
