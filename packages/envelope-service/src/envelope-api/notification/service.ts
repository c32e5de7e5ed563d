import type { Notification as NotificationInput } from 'esign-contract'
import type { ServiceContext } from '../../context.js'
import type { EnvelopeNotification } from '../../envelopes/model.js'
import { envelopeOrFail } from '../../envelopes/service.js'
import { findUser } from '../../identity/repository.js'
import type { Transition } from '../../lifecycle/model.js'
import { linkExpiryOf } from '../../lifecycle/notification-settings.js'
import { applyTransition } from '../../lifecycle/service.js'
import { moveUnusedLinkExpiry } from '../../signing/records/repository.js'
import { toNotificationOutput } from '../../templates/notification.js'
import { storeNotification } from './repository.js'
import { checkChangeable, notificationInForce, updatedNotification } from './rules.js'

export type NotificationDeps = Pick<ServiceContext, 'db' | 'now' | 'wakeOutbox'>

/** `GET .../envelopes/{envelopeId}/notification`: the settings in force. */
export async function notificationSettings(deps: NotificationDeps, accountId: string, envelopeId: string) {
  const envelope = await envelopeOrFail(deps.db, accountId, envelopeId)
  return toNotificationOutput(notificationInForce(envelope.notification))
}

/**
 * `PUT .../envelopes/{envelopeId}/notification`, through the lifecycle's one write path: a transition that
 * keeps every status, whose compare-and-set orders the change against the envelope finishing or expiring
 * at the same moment (the loser decides again and a finished envelope refuses). Answers the settings in force.
 */
export async function changeNotificationSettings(
  deps: NotificationDeps,
  caller: { accountId: string; userId: string },
  envelopeId: string,
  input: NotificationInput,
) {
  const envelope = await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  // Checked before the transaction, so a bad field is a 400 at once; decided again on the row it changes.
  updatedNotification(envelope.notification, input)
  const user = await findUser(deps.db, caller.userId)
  const actor = { source: 'API' as const, userName: user?.name ?? caller.userId, userId: caller.userId }
  let next: EnvelopeNotification | undefined
  await applyTransition(
    deps,
    { envelopeId, accountId: caller.accountId },
    (stored): Transition => {
      checkChangeable(stored.state.status)
      return { envelope: stored.state, effects: { messages: [], audit: [], events: [] } }
    },
    actor,
    async (tx) => {
      const current = await envelopeOrFail(tx, caller.accountId, envelopeId)
      next = updatedNotification(current.notification, input)
      await storeNotification(tx, envelopeId, next)
      // Links already sent follow the new expiry, as links minted from now on will.
      if (current.sentAt) {
        await moveUnusedLinkExpiry(tx, envelopeId, linkExpiryOf(next, new Date(current.sentAt)))
      }
    },
  )
  return toNotificationOutput(notificationInForce(next))
}
