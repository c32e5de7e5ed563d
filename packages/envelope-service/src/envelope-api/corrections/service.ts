import type { ServiceContext } from '../../context.js'
import { envelopeOrFail, recipientsOf } from '../../envelopes/service.js'
import { findUser } from '../../identity/repository.js'
import type { LifecycleEnvelope, Transition } from '../../lifecycle/model.js'
import { loadLifecycle } from '../../lifecycle/repository.js'
import { type Actor, applyTransition, recordAudit } from '../../lifecycle/service.js'
import { storeRecipientCorrections } from './repository.js'
import { type CorrectionPlan, correctionAudit, planCorrections, readCorrections } from './rules.js'
import type { RecipientCorrections, RecipientsUpdateSummary } from './schema.js'

/**
 * `PUT .../envelopes/{envelopeId}/recipients`: the rules in correct-recipients.ts, stored through the
 * lifecycle's one write path. The correction is a transition that leaves every status as it is: its
 * compare-and-set on the envelope orders it against a recipient signing at the same moment (the loser
 * decides again, and a recipient who just finished is refused), and the invitations it sends again are
 * the lifecycle's own outbox rows. The changed columns and the audit entries go in the same transaction.
 */

export type CorrectRecipientsDeps = Pick<ServiceContext, 'db' | 'now' | 'wakeOutbox'>

export async function correctRecipients(
  deps: CorrectRecipientsDeps,
  caller: { accountId: string; userId: string },
  envelopeId: string,
  body: RecipientCorrections,
  resendEnvelope: boolean,
): Promise<RecipientsUpdateSummary> {
  const corrections = readCorrections(body)
  await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  const recipients = await recipientsOf(deps.db, envelopeId)
  const decide = (state: LifecycleEnvelope) =>
    planCorrections({ envelope: state, recipients, corrections, resendEnvelope })

  // Nothing to store when every recipient is refused: the envelope is not touched at all.
  const current = await loadLifecycle(deps.db, envelopeId)
  const first = current && decide(current.state)
  if (first && first.applied.length === 0) return { recipientUpdateResults: first.results }
  const actor = await apiActor(deps, caller.userId)
  let plan: CorrectionPlan = { results: [], applied: [] }
  await applyTransition(
    deps,
    { envelopeId, accountId: caller.accountId },
    (stored): Transition => {
      plan = decide(stored.state)
      const messages = plan.applied.flatMap((correction) => (correction.message ? [correction.message] : []))
      return { envelope: stored.state, effects: { messages, audit: [], events: [] } }
    },
    actor,
    async (tx, stored) => {
      const unlocked = await storeRecipientCorrections(tx, envelopeId, plan.applied)
      const notes = correctionAudit(plan.applied, unlocked, stored.state.status)
      await recordAudit(tx, envelopeId, notes, actor, deps.now())
    },
  )
  return { recipientUpdateResults: plan.results }
}

async function apiActor(deps: CorrectRecipientsDeps, userId: string): Promise<Actor> {
  const user = await findUser(deps.db, userId)
  return { source: 'API', userName: user?.name ?? userId, userId }
}
