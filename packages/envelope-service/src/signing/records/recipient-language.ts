import type { DbOrTx } from '../../database.js'
import { findCustomFields, type StoredRecipient } from '../../envelopes/reads.js'
import { recipientLanguageOf } from './model.js'

/**
 * The language a recipient's pages and messages speak, read from their envelope by model.ts's rule: the
 * recipient's own, else the envelope's form language; undefined when neither says.
 */
export async function readRecipientLanguage(
  db: DbOrTx,
  envelopeId: string,
  recipient: Pick<StoredRecipient, 'emailNotification'>,
): Promise<'en' | 'es' | undefined> {
  const fields = (await findCustomFields(db, [envelopeId])).get(envelopeId)
  return recipientLanguageOf(recipient, fields?.listCustomFields ?? [])
}
