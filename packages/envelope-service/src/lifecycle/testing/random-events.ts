import fc from 'fast-check'
import type { LifecycleEnvelope, Transition } from '../model.js'
import {
  expire,
  recipientDeclined,
  recipientSigned,
  recipientViewed,
  remind,
  resend,
  send,
  voidEnvelope,
  warnOfExpiry,
} from '../transitions.js'

/**
 * Random envelopes and random sequences of lifecycle events, shared by the lifecycle's property tests:
 * a draft with 1 to `maxRecipients` recipients of every type and channel over `maxOrder` routing
 * orders (some embedded, when asked), and events that name a recipient by position.
 */
export function envelopeArbitrary(options: {
  maxRecipients: number
  maxOrder: number
  embedded?: boolean
}): fc.Arbitrary<LifecycleEnvelope> {
  const recipient = fc.record({
    type: fc.constantFrom('signer', 'inPersonSigner', 'certifiedDelivery', 'carbonCopy' as const),
    routingOrder: fc.integer({ min: 1, max: options.maxOrder }),
    channel: fc.constantFrom('email', 'sms', 'both' as const),
    embedded: options.embedded ? fc.boolean() : fc.constant(undefined),
  })
  return fc.array(recipient, { minLength: 1, maxLength: options.maxRecipients }).map((recipients) => ({
    status: 'created',
    recipients: recipients.map(({ embedded, ...rest }, index) => ({
      ...rest,
      ...(embedded === undefined ? {} : { embedded }),
      recipientId: String(index + 1),
      status: 'created',
    })),
  }))
}

export type LifecycleEvent =
  | { kind: 'send' | 'void' | 'expire' | 'resend' | 'remind' | 'warn' }
  | { kind: 'view' | 'sign' | 'decline'; recipient: number }

/** Sender events (with `send` when asked) once for every `recipientWeight` recipient events. */
export function eventArbitrary(options: {
  withSend: boolean
  maxRecipient: number
  recipientWeight: number
}): fc.Arbitrary<LifecycleEvent> {
  const senderKinds = ['void', 'expire', 'resend', 'remind', 'warn'] as const
  return fc.oneof(
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...(options.withSend ? (['send', ...senderKinds] as const) : senderKinds))
        .map((kind) => ({ kind })),
    },
    {
      weight: options.recipientWeight,
      arbitrary: fc.record({
        kind: fc.constantFrom('view', 'sign', 'sign', 'decline' as const),
        recipient: fc.nat(options.maxRecipient),
      }),
    },
  )
}

/** The recipient an event names, by position modulo the envelope's recipients. */
export function targetOf(envelope: LifecycleEnvelope, event: LifecycleEvent) {
  return 'recipient' in event ? envelope.recipients[event.recipient % envelope.recipients.length] : undefined
}

/** The transition the event causes (throws the lifecycle's refusal when the event is not allowed). */
export function applyEvent(envelope: LifecycleEnvelope, event: LifecycleEvent, now: Date): Transition {
  const recipientId = targetOf(envelope, event)?.recipientId ?? ''
  switch (event.kind) {
    case 'send':
      return send(envelope, now)
    case 'void':
      return voidEnvelope(envelope, 'Wrong terms', now)
    case 'expire':
      return expire(envelope, now)
    case 'resend':
      return resend(envelope, now)
    case 'remind':
      return remind(envelope, now)
    case 'warn':
      return warnOfExpiry(envelope, now)
    case 'view':
      return recipientViewed(envelope, recipientId, now)
    case 'sign':
      return recipientSigned(envelope, recipientId, now)
    case 'decline':
      return recipientDeclined(envelope, recipientId, 'Not mine', now)
  }
}
