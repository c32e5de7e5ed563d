import type { DbOrTx } from '../../database.js'
import type { EnvelopeAttachmentsTable } from './tables.js'

export type StoredAttachment = Omit<EnvelopeAttachmentsTable, 'envelope_id'>

export async function listAttachments(db: DbOrTx, envelopeId: string): Promise<StoredAttachment[]> {
  return db
    .selectFrom('envelope_attachments')
    .select(['attachment_id', 'label', 'name', 'attachment_type', 'access_control', 'blob_id', 'position'])
    .where('envelope_id', '=', envelopeId)
    .orderBy('position')
    .execute()
}

/** Adds the attachments, replacing those with the same ids (which keep their place in the list). */
export async function upsertAttachments(
  db: DbOrTx,
  envelopeId: string,
  attachments: readonly StoredAttachment[],
): Promise<void> {
  for (const attachment of attachments) {
    const { position: _, ...changed } = attachment
    await db
      .insertInto('envelope_attachments')
      .values({ envelope_id: envelopeId, ...attachment })
      .onConflict((conflict) => conflict.columns(['envelope_id', 'attachment_id']).doUpdateSet(changed))
      .execute()
  }
}

export async function deleteAttachments(db: DbOrTx, envelopeId: string, attachmentIds: readonly string[]) {
  return db
    .deleteFrom('envelope_attachments')
    .where('envelope_id', '=', envelopeId)
    .where('attachment_id', 'in', attachmentIds)
    .returning(['attachment_id', 'label', 'name', 'attachment_type', 'access_control', 'blob_id', 'position'])
    .execute()
}
