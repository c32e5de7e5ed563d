import type { EnvelopeRecipient } from '../envelopes/model.js'
import { deliveryChannel } from './channels.js'
import type { LifecycleRecipient } from './model.js'

/** The lifecycle's view of a stored envelope recipient plus its progress (status and timestamps). */
export function lifecycleRecipientOf(
  recipient: Pick<
    EnvelopeRecipient,
    | 'recipientId'
    | 'type'
    | 'routingOrder'
    | 'deliveryMethod'
    | 'phoneNumber'
    | 'additionalNotifications'
    | 'clientUserId'
  >,
  progress: Omit<LifecycleRecipient, 'recipientId' | 'type' | 'routingOrder' | 'channel' | 'embedded'>,
): LifecycleRecipient {
  return {
    recipientId: recipient.recipientId,
    type: recipient.type,
    routingOrder: Number.parseInt(recipient.routingOrder, 10),
    channel: deliveryChannel(recipient),
    ...(recipient.clientUserId === undefined ? {} : { embedded: true }),
    ...progress,
  }
}
