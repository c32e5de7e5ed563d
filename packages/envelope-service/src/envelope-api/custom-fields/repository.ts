import type { DbOrTx } from '../../database.js'
import { refreshSearchText } from '../../envelopes/search-text/repository.js'
import type { FieldChanges, StoredField } from '../../templates/custom-fields/rules.js'

/** Writes a custom-field plan (rules.ts) inside the caller's transaction. */
export async function storeFieldChanges(
  tx: DbOrTx,
  envelopeId: string,
  changes: FieldChanges,
): Promise<void> {
  if (changes.added.length > 0) {
    await tx
      .insertInto('envelope_custom_fields')
      .values(
        changes.added.map((field) => ({
          envelope_id: envelopeId,
          field_id: field.fieldId,
          ...columnsOf(field),
        })),
      )
      .execute()
  }
  for (const field of changes.updated) {
    await tx
      .updateTable('envelope_custom_fields')
      .set(columnsOf(field))
      .where('envelope_id', '=', envelopeId)
      .where('field_id', '=', field.fieldId)
      .execute()
  }
  if (changes.deleted.length > 0) {
    await tx
      .deleteFrom('envelope_custom_fields')
      .where('envelope_id', '=', envelopeId)
      .where(
        'field_id',
        'in',
        changes.deleted.map((field) => field.fieldId),
      )
      .execute()
  }
  const changed = changes.added.length + changes.updated.length + changes.deleted.length
  if (changed > 0) await refreshSearchText(tx, envelopeId)
}

function columnsOf(field: StoredField) {
  return {
    kind: field.kind,
    name: field.name,
    value: field.value,
    list_items: field.kind === 'list' ? JSON.stringify(field.listItems) : null,
    show: field.show ? 1 : 0,
    required: field.required ? 1 : 0,
  }
}
