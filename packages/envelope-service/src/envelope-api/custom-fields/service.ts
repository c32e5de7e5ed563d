import type { CustomFieldsOutput } from 'esign-contract'
import type { ServiceContext } from '../../context.js'
import { customFieldsOf, envelopeOrFail } from '../../envelopes/service.js'
import { findUser } from '../../identity/repository.js'
import type { Transition } from '../../lifecycle/model.js'
import { applyTransition } from '../../lifecycle/service.js'
import {
  changedFieldsOutput,
  type FieldChanges,
  type StoredField,
} from '../../templates/custom-fields/rules.js'
import { storeFieldChanges } from './repository.js'
import { checkEnvelopeEditable, storedFields } from './rules.js'

/**
 * `POST`, `PUT`, `DELETE .../envelopes/{envelopeId}/custom_fields`. A change of custom fields goes through
 * the lifecycle's one write path as a transition that keeps every status: its compare-and-set on the
 * envelope orders concurrent changes, and the plan is made inside that transaction from the fields as
 * they are then, so two requests never both take the last free name.
 */

export type CustomFieldsDeps = Pick<ServiceContext, 'db' | 'now' | 'wakeOutbox'>

export async function changeCustomFields(
  deps: CustomFieldsDeps,
  caller: { accountId: string; userId: string },
  envelopeId: string,
  plan: (existing: readonly StoredField[]) => FieldChanges,
): Promise<CustomFieldsOutput> {
  await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  const user = await findUser(deps.db, caller.userId)
  const actor = { source: 'API' as const, userName: user?.name ?? caller.userId, userId: caller.userId }
  let changes: FieldChanges = { added: [], updated: [], deleted: [] }
  await applyTransition(
    deps,
    { envelopeId, accountId: caller.accountId },
    (stored): Transition => {
      checkEnvelopeEditable(stored.state.status)
      return { envelope: stored.state, effects: { messages: [], audit: [], events: [] } }
    },
    actor,
    async (tx) => {
      const existing = storedFields(await customFieldsOf(tx, envelopeId))
      changes = plan(existing)
      await storeFieldChanges(tx, envelopeId, changes)
    },
  )
  return changedFieldsOutput(changes)
}
