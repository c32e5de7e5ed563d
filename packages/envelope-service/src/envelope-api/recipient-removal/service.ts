import type { ServiceContext } from '../../context.js'
import { toRecipientsOutput } from '../../envelopes/mapping.js'
import { envelopeOrFail, recipientsOf } from '../../envelopes/service.js'
import { findUser } from '../../identity/repository.js'
import type { Transition } from '../../lifecycle/model.js'
import { applyTransition, recordAudit } from '../../lifecycle/service.js'
import { planRemoval, removalAudit } from './rules.js'

/**
 * `DELETE .../envelopes/{envelopeId}/recipients[/{recipientId}]`: the rule in rules.ts, stored through the
 * lifecycle's one write path, whose compare-and-set orders it against a recipient being reached at the same
 * moment (the loser decides again and is refused). The lifecycle store deletes the recipients' rows (their
 * tabs with them); the audit entries go in the same transaction. Answers the deleted recipients.
 */

export type RemoveRecipientsDeps = Pick<ServiceContext, 'db' | 'now' | 'wakeOutbox'>

export async function removeRecipients(
  deps: RemoveRecipientsDeps,
  caller: { accountId: string; userId: string },
  envelopeId: string,
  recipientIds: readonly string[],
) {
  await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  const user = await findUser(deps.db, caller.userId)
  const actor = { source: 'API' as const, userName: user?.name ?? caller.userId, userId: caller.userId }
  const before = await recipientsOf(deps.db, envelopeId)
  await applyTransition(
    deps,
    { envelopeId, accountId: caller.accountId },
    (stored): Transition => ({
      envelope: planRemoval(stored.state, recipientIds),
      effects: { messages: [], audit: [], events: [] },
    }),
    actor,
    (tx, stored) =>
      recordAudit(tx, envelopeId, removalAudit(recipientIds, stored.state.status), actor, deps.now()),
  )
  const removed = new Set(recipientIds)
  const { currentRoutingOrder: _, ...deleted } = toRecipientsOutput(
    before.filter((recipient) => removed.has(recipient.recipientId)),
    false,
  )
  return deleted
}
