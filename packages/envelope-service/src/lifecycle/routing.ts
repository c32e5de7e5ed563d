import type { LifecycleRecipient } from './model.js'

/**
 * DocuSign's routing: recipients with the lowest routing order that still has someone to act are
 * invited; the next order when all of them have finished. Carbon copies never hold the routing up:
 * they receive their copy as soon as the routing reaches their order.
 */

/** Signers, in-person signers and certified deliveries act; carbon copies only receive copies. */
export const mustAct = (recipient: Pick<LifecycleRecipient, 'type'>) => recipient.type !== 'carbonCopy'

export const canSign = (recipient: Pick<LifecycleRecipient, 'type'>) =>
  recipient.type === 'signer' || recipient.type === 'inPersonSigner'

/** The lowest routing order with an actor who has not finished; undefined once everyone has. */
export function currentRoutingOrder(recipients: readonly LifecycleRecipient[]): number | undefined {
  let lowest: number | undefined
  for (const recipient of recipients) {
    if (!mustAct(recipient) || recipient.status === 'completed') continue
    if (lowest === undefined || recipient.routingOrder < lowest) lowest = recipient.routingOrder
  }
  return lowest
}

/** Recipients the routing has reached who have not been invited yet. */
export function dueForInvitation(recipients: readonly LifecycleRecipient[]): LifecycleRecipient[] {
  const current = currentRoutingOrder(recipients)
  if (current === undefined) return []
  return recipients.filter(
    (recipient) =>
      recipient.status === 'created' &&
      (mustAct(recipient) ? recipient.routingOrder === current : recipient.routingOrder <= current),
  )
}

/** Actors who have been invited and not finished: whom a resend, reminder or expiry warning reaches. */
export function pendingActors(recipients: readonly LifecycleRecipient[]): LifecycleRecipient[] {
  return recipients.filter(
    (recipient) => mustAct(recipient) && (recipient.status === 'sent' || recipient.status === 'delivered'),
  )
}

export const allActorsFinished = (recipients: readonly LifecycleRecipient[]) =>
  recipients.every((recipient) => !mustAct(recipient) || recipient.status === 'completed')
