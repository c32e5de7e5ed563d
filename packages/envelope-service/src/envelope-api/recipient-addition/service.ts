import type { RecipientsOutput } from 'esign-contract'
import type { ServiceContext } from '../../context.js'
import { addedRecipients } from '../../envelopes/composite-merge.js'
import { toRecipientsOutput } from '../../envelopes/mapping.js'
import { checkPhoneNumbers } from '../../envelopes/phone-numbers.js'
import type { RecipientsInput } from '../../envelopes/schema.js'
import { documentsOf, envelopeOrFail, recipientsOf, searchedDocuments } from '../../envelopes/service.js'
import { findUser } from '../../identity/repository.js'
import { lifecycleRecipientOf } from '../../lifecycle/from-envelope.js'
import { applyTransition } from '../../lifecycle/service.js'
import { addRecipients } from '../../lifecycle/transitions.js'
import { checkAnchoredTabs } from '../../tabs/anchor-places.js'
import { newTabIds } from '../../tabs/tab-ids.js'
import { storeAddedRecipients } from '../writer.js'

/**
 * `POST .../envelopes/{envelopeId}/recipients` (DocuSign's `createRecipient`): the recipients are built by
 * the create path (`addedRecipients` in the composite merge: the same checks, tabs against the stored
 * documents, the caller's ids kept), then stored through the lifecycle's one write path: the
 * `addRecipients` transition decides whom the routing now invites (their invitations are its outbox rows,
 * as a send's are), and the new rows go in the same transaction with the status it gave them. Its
 * compare-and-set orders the addition against a recipient signing at the same moment.
 */

export type AddRecipientsDeps = Pick<ServiceContext, 'db' | 'now' | 'wakeOutbox' | 'anchorPlacements'>

export async function addEnvelopeRecipients(
  deps: AddRecipientsDeps,
  caller: { accountId: string; userId: string },
  envelopeId: string,
  body: RecipientsInput,
): Promise<RecipientsOutput> {
  const envelope = await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  const [existing, documents] = await Promise.all([
    recipientsOf(deps.db, envelopeId),
    documentsOf(deps.db, envelopeId),
  ])
  const sending = envelope.status !== 'created'
  // Every tab of an added recipient gets a new id, as at create (tabs/tab-ids.ts).
  const recipients = addedRecipients(
    body,
    documents,
    new Set(existing.map((recipient) => recipient.recipientId)),
    sending,
  ).map((recipient) => ({ ...recipient, tabs: newTabIds(recipient.tabs) }))
  // As on create: the numbers of an envelope that goes out are checked now; a draft's when it is sent.
  if (sending) {
    checkPhoneNumbers({ recipients })
    await checkAnchoredTabs(deps.anchorPlacements, recipients, searchedDocuments(deps.db, documents))
  }
  const user = await findUser(deps.db, caller.userId)
  const actor = { source: 'API' as const, userName: user?.name ?? caller.userId, userId: caller.userId }
  await applyTransition(
    deps,
    { envelopeId, accountId: caller.accountId },
    (stored, now) =>
      addRecipients(
        stored.state,
        recipients.map((recipient) => lifecycleRecipientOf(recipient, { status: 'created' })),
        now,
      ),
    actor,
    async (tx, _stored, transition) => {
      const progress = new Map(
        transition.envelope.recipients.map((recipient) => [
          recipient.recipientId,
          { status: recipient.status, ...(recipient.sentAt ? { sentAt: recipient.sentAt } : {}) },
        ]),
      )
      await storeAddedRecipients(tx, envelopeId, recipients, progress)
    },
  )
  const added = new Set(recipients.map((recipient) => recipient.recipientId))
  const after = await recipientsOf(deps.db, envelopeId)
  const { currentRoutingOrder: _, ...output } = toRecipientsOutput(
    after.filter((recipient) => added.has(recipient.recipientId)),
    true,
  )
  return output
}
