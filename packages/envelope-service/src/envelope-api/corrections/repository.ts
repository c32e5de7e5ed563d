import type { Updateable } from 'kysely'
import type { DbOrTx } from '../../database.js'
import { refreshSearchText } from '../../envelopes/search-text/repository.js'
import type { EnvelopeRecipientsTable } from '../../envelopes/tables.js'
import { clearRecipientAuth, deleteAuthSessions } from '../../signing/auth/repository.js'
import { forgetDisclosureAccepted } from '../../signing/disclosure/repository.js'
import type { AppliedCorrection, RecipientChanges } from './rules.js'

/**
 * The write of a recipient correction, inside the caller's transaction (the lifecycle's compare-and-set
 * on the envelope runs in the same one): the changed columns, the recipient's authentication state
 * cleared, and its signing links, auth sessions and disclosure agreement ended where the correction says
 * so. Returns the recipients that were locked out.
 */
export async function storeRecipientCorrections(
  tx: DbOrTx,
  envelopeId: string,
  corrections: readonly AppliedCorrection[],
): Promise<Set<string>> {
  const unlocked = new Set<string>()
  for (const correction of corrections) {
    const { recipientId } = correction
    const columns = columnsOf(correction.changes)
    if (Object.keys(columns).length > 0) {
      await tx
        .updateTable('envelope_recipients')
        .set(columns)
        .where('envelope_id', '=', envelopeId)
        .where('recipient_id', '=', recipientId)
        .execute()
    }
    if (await clearRecipientAuth(tx, envelopeId, recipientId)) unlocked.add(recipientId)
    if (correction.revokeAccess) {
      await forgetDisclosureAccepted(tx, envelopeId, recipientId)
      await tx
        .deleteFrom('signing_links')
        .where('envelope_id', '=', envelopeId)
        .where('recipient_id', '=', recipientId)
        .execute()
    }
    if (correction.endAuthSessions) await deleteAuthSessions(tx, envelopeId, recipientId)
  }
  const renamed = corrections.some(({ changes }) => changes.name !== undefined || changes.email !== undefined)
  if (renamed) await refreshSearchText(tx, envelopeId)
  return unlocked
}

/** The row columns of the given changes only. */
function columnsOf(changes: RecipientChanges) {
  const columns: Updateable<EnvelopeRecipientsTable> = {}
  if (changes.name !== undefined) columns.name = changes.name
  if (changes.email !== undefined) columns.email = changes.email
  if (changes.deliveryMethod !== undefined) columns.delivery_method = changes.deliveryMethod
  if (changes.phoneNumber !== undefined) columns.phone_number = JSON.stringify(changes.phoneNumber)
  if (changes.additionalNotifications !== undefined) {
    columns.additional_notifications = JSON.stringify(changes.additionalNotifications)
  }
  if (changes.accessCode !== undefined) columns.access_code = changes.accessCode
  if (changes.smsAuthPhones !== undefined) columns.sms_auth_phones = JSON.stringify(changes.smsAuthPhones)
  if (changes.inPerson !== undefined) columns.in_person = JSON.stringify(changes.inPerson)
  if (changes.note !== undefined) columns.note = changes.note
  return columns
}
