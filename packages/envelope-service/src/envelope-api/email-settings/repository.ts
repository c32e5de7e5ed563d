import type { DbOrTx } from '../../database.js'
import type { EmailSettings } from '../../envelopes/model.js'

/** Writes an envelope's email settings (none: null) inside the caller's transaction. */
export async function storeEmailSettings(
  tx: DbOrTx,
  envelopeId: string,
  settings: EmailSettings | undefined,
): Promise<void> {
  await tx
    .updateTable('envelopes')
    .set({ email_settings: settings === undefined ? null : JSON.stringify(settings) })
    .where('id', '=', envelopeId)
    .execute()
}
