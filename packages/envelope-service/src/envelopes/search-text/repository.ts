import type { DbOrTx } from '../../database.js'
import { type SearchableValues, searchTextBody } from './body.js'

/**
 * The envelopes' search text (body.ts), written in the transaction that changes what it is made of:
 * the create path writes it with the envelope, and each write of a subject, a recipient's name or
 * email, or a custom field value refreshes it. Deleting an envelope deletes it (foreign key cascade).
 * On SQLite, three triggers of migration 0034 copy it into the FTS5 trigram index, as SQLite documents
 * for an external-content index: they touch only the index's own tables.
 */
export async function writeSearchTexts(
  tx: DbOrTx,
  entries: readonly ({ envelopeId: string } & SearchableValues)[],
): Promise<void> {
  if (entries.length === 0) return
  await tx
    .insertInto('envelope_search_text')
    .values(entries.map((entry) => ({ envelope_id: entry.envelopeId, body: searchTextBody(entry) })))
    .onConflict((conflict) =>
      conflict.column('envelope_id').doUpdateSet((eb) => ({ body: eb.ref('excluded.body') })),
    )
    .execute()
}

/** Rebuilds one envelope's search text from its stored rows (after a change to a recipient or a field). */
export async function refreshSearchText(tx: DbOrTx, envelopeId: string): Promise<void> {
  const [envelope, recipients, fields] = await Promise.all([
    tx.selectFrom('envelopes').select('email_subject').where('id', '=', envelopeId).executeTakeFirst(),
    tx
      .selectFrom('envelope_recipients')
      .select(['name', 'email'])
      .where('envelope_id', '=', envelopeId)
      .orderBy('position')
      .execute(),
    tx
      .selectFrom('envelope_custom_fields')
      .select('value')
      .where('envelope_id', '=', envelopeId)
      .orderBy('field_id')
      .execute(),
  ])
  if (!envelope) return
  await writeSearchTexts(tx, [
    {
      envelopeId,
      subject: envelope.email_subject,
      recipients,
      customFieldValues: fields.map((field) => field.value),
    },
  ])
}
