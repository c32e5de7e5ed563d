import type { Tabs } from 'esign-contract'
import type { ServiceContext } from '../../context.js'
import { findRecipients } from '../../envelopes/reads.js'
import { documentsOf, envelopeOrFail, searchedDocuments } from '../../envelopes/service.js'
import { findUser } from '../../identity/repository.js'
import { applyTransition, recordAudit } from '../../lifecycle/service.js'
import { checkAnchoredTabs } from '../../tabs/anchor-places.js'
import {
  applyTabOperation,
  readTabRequest,
  type TabEditOutcome,
  type TabOperation,
} from '../../tabs/tab-edits.js'
import { storeRecipientTabs } from './repository.js'
import { checkTabsEditable, tabEditAudit } from './rules.js'

/**
 * `POST`/`PUT`/`DELETE .../envelopes/{envelopeId}/recipients/{recipientId}/tabs`: the rules in rules.ts and
 * tabs/tab-edits.ts, stored through the lifecycle's one write path, as a correction is: a transition that
 * leaves every status as it is, whose compare-and-set on the envelope orders it against the recipient
 * finishing at the same moment (the loser decides again, and a recipient who just signed is refused) and
 * against another tab write. The recipient's tabs are read and changed inside that transaction, after
 * the compare-and-set, so two concurrent writes never lose one another's tabs.
 */

export type RecipientTabsDeps = Pick<ServiceContext, 'db' | 'now' | 'wakeOutbox' | 'anchorPlacements'>

export async function editRecipientTabs(
  deps: RecipientTabsDeps,
  caller: { accountId: string; userId: string },
  target: { envelopeId: string; recipientId: string },
  operation: TabOperation,
  body: Tabs | null | undefined,
): Promise<TabEditOutcome['answer']> {
  const requested = readTabRequest(body)
  const { envelopeId, recipientId } = target
  const envelope = await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  const documents = await documentsOf(deps.db, envelopeId)
  const pagesOf = new Map(documents.map((document) => [document.documentId, document.pages]))
  if (operation !== 'delete' && (envelope.status === 'sent' || envelope.status === 'delivered')) {
    // Tabs that go out at once are checked against the documents as a send checks them, before the
    // transaction (searching a long document takes seconds): on the tabs as they are now, so an edit
    // racing this one could add to them unchecked, and the signing page still holds to the limit. A
    // recipient who may not be edited is refused inside the transaction, as before.
    const recipient = (await findRecipients(deps.db, [envelopeId]))
      .get(envelopeId)
      ?.find((candidate) => candidate.recipientId === recipientId)
    if (recipient && recipient.status !== 'completed' && recipient.status !== 'declined') {
      const { tabs } = applyTabOperation({
        operation,
        current: recipient.tabs,
        requested,
        scope: 'the envelope',
        pagesOf,
      })
      await checkAnchoredTabs(
        deps.anchorPlacements,
        [{ recipientId, tabs }],
        searchedDocuments(deps.db, documents),
      )
    }
  }
  const user = await findUser(deps.db, caller.userId)
  const actor = { source: 'API' as const, userName: user?.name ?? caller.userId, userId: caller.userId }
  let outcome: TabEditOutcome | undefined
  await applyTransition(
    deps,
    { envelopeId, accountId: caller.accountId },
    (stored) => ({ envelope: stored.state, effects: { messages: [], audit: [], events: [] } }),
    actor,
    async (tx, stored) => {
      const recipients = (await findRecipients(tx, [envelopeId])).get(envelopeId) ?? []
      const recipient = checkTabsEditable(
        stored.state,
        recipients.find((candidate) => candidate.recipientId === recipientId),
        recipientId,
      )
      outcome = applyTabOperation({
        operation,
        current: recipient.tabs,
        requested,
        scope: 'the envelope',
        pagesOf,
      })
      await storeRecipientTabs(tx, envelopeId, recipientId, outcome.tabs)
      const note = tabEditAudit(operation, recipientId, outcome.applied, stored.state.status)
      await recordAudit(tx, envelopeId, [note], actor, deps.now())
    },
  )
  return (outcome as TabEditOutcome).answer
}
