import type { RecipientStatus } from 'esign-contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LifecycleError } from './errors.js'
import { type LifecycleEnvelope, type LifecycleRecipient, SENDER_KINDS, type Transition } from './model.js'
import { canSign, mustAct } from './routing.js'
import {
  applyEvent,
  envelopeArbitrary,
  eventArbitrary,
  type LifecycleEvent,
  targetOf,
} from './testing/random-events.js'
import { recipientDeclined, recipientSigned, recipientViewed, send, voidEnvelope } from './transitions.js'

/**
 * Random envelopes driven by random event sequences. An oracle predicts from the state alone whether
 * each event is allowed; allowed events must succeed and keep the routing invariants, refused ones
 * must throw a LifecycleError.
 */

const randomEnvelopes = envelopeArbitrary({ maxRecipients: 6, maxOrder: 4 })
const randomEvents = eventArbitrary({ withSend: true, maxRecipient: 5, recipientWeight: 6 })
type Event = LifecycleEvent

const now = new Date('2026-11-22T10:00:00.000Z')
const inProgress = (envelope: LifecycleEnvelope) =>
  envelope.status === 'sent' || envelope.status === 'delivered'

/** Whether DocuSign's rules allow the event in this state. */
function allowed(envelope: LifecycleEnvelope, event: Event): boolean {
  const recipient = targetOf(envelope, event)
  const reached = recipient !== undefined && recipient.status !== 'created'
  const acting = reached && recipient.status !== 'completed' && recipient.status !== 'declined'
  switch (event.kind) {
    case 'send':
      return envelope.status === 'created'
    case 'void':
    case 'expire':
    case 'resend':
    case 'remind':
    case 'warn':
      return inProgress(envelope)
    case 'view':
      return inProgress(envelope) && reached
    case 'sign':
      return inProgress(envelope) && acting && canSign(recipient!)
    case 'decline':
      return inProgress(envelope) && acting && mustAct(recipient!)
  }
}

const apply = (envelope: LifecycleEnvelope, event: Event) => applyEvent(envelope, event, now)

/** Exactly the lowest group with an unfinished actor is invited; carbon copies up to it. */
function expectRoutingInvariant(envelope: LifecycleEnvelope) {
  if (!inProgress(envelope)) return
  const unfinished = envelope.recipients.filter((r) => mustAct(r) && r.status !== 'completed')
  const current = Math.min(...unfinished.map((r) => r.routingOrder))
  for (const recipient of envelope.recipients) {
    if (mustAct(recipient)) {
      if (recipient.routingOrder < current) expect(recipient.status).toBe('completed')
      if (recipient.routingOrder === current) expect(recipient.status).not.toBe('created')
      if (recipient.routingOrder > current) expect(recipient.status).toBe('created')
    } else {
      expect(recipient.status === 'created').toBe(recipient.routingOrder > current)
    }
  }
}

const RECIPIENT_EVENT_STATUSES: Record<string, RecipientStatus[]> = {
  'recipient-sent': ['sent', 'delivered', 'completed', 'declined'],
  'recipient-delivered': ['delivered', 'completed', 'declined'],
  'recipient-completed': ['completed'],
  'recipient-declined': ['declined'],
}

function expectEventsConsistent(before: LifecycleEnvelope, transition: Transition) {
  const after = transition.envelope
  const events = transition.effects.events
  const has = (name: string) => events.some((event) => event.event === name)
  expect(has('envelope-sent')).toBe(before.status === 'created' && after.status !== 'created')
  for (const terminal of ['completed', 'declined', 'voided'] as const) {
    expect(has(`envelope-${terminal}`)).toBe(after.status === terminal && before.status !== terminal)
  }
  if (has('envelope-delivered'))
    expect(before.status === 'delivered' && after.status === 'delivered').toBe(false)
  const recipientOf = (id: string) => after.recipients.find((r) => r.recipientId === id)!
  for (const event of events) {
    if (!event.recipientId) continue
    expect(RECIPIENT_EVENT_STATUSES[event.event]).toContain(recipientOf(event.recipientId).status)
  }
  // Every status change of a recipient is announced.
  before.recipients.forEach((old: LifecycleRecipient, index) => {
    const now = after.recipients[index]!
    if (old.status === now.status) return
    const announced = events
      .filter((event) => event.recipientId === old.recipientId)
      .map((event) => event.event)
    expect(announced).toContain(`recipient-${now.status}`)
  })
}

function expectMessagesSound(transition: Transition) {
  const invitations = transition.effects.messages.filter((m) => m.kind === 'invitation' || m.kind === 'copy')
  const ids = invitations.map((message) => message.recipientId)
  expect(new Set(ids).size).toBe(ids.length)
  for (const message of transition.effects.messages) {
    const recipient = transition.envelope.recipients.find((r) => r.recipientId === message.recipientId)!
    expect(recipient.status).not.toBe('created')
    // The sender's notices are emailed to the sender, whatever the recipient's channel.
    expect(message.channel).toBe(SENDER_KINDS.has(message.kind) ? 'email' : recipient.channel)
  }
}

describe('lifecycle properties', () => {
  it('allows exactly the events the rules allow, keeps the routing invariant and announces every change', () => {
    fc.assert(
      fc.property(randomEnvelopes, fc.array(randomEvents, { maxLength: 25 }), (initial, events) => {
        let envelope = initial
        for (const event of [{ kind: 'send' } as Event, ...events]) {
          const expected = allowed(envelope, event)
          let transition: Transition
          try {
            transition = apply(envelope, event)
          } catch (error) {
            if (!(error instanceof LifecycleError)) throw error
            expect({ event, refused: true }).toEqual({ event, refused: !expected })
            continue
          }
          expect({ event, refused: false }).toEqual({ event, refused: !expected })
          expectRoutingInvariant(transition.envelope)
          expectEventsConsistent(envelope, transition)
          expectMessagesSound(transition)
          const allFinished = transition.envelope.recipients.every(
            (r) => !mustAct(r) || r.status === 'completed',
          )
          expect(transition.envelope.status === 'completed').toBe(allFinished)
          envelope = transition.envelope
        }
      }),
      { numRuns: 500 },
    )
  })

  it('completes once every actor has finished, in routing order', () => {
    fc.assert(
      fc.property(randomEnvelopes, (initial) => {
        let envelope = send(initial, now).envelope
        const actors = [...envelope.recipients]
          .filter(mustAct)
          .sort((a, b) => a.routingOrder - b.routingOrder)
        for (const actor of actors) {
          expect(envelope.status).not.toBe('completed')
          envelope = canSign(actor)
            ? recipientSigned(envelope, actor.recipientId, now).envelope
            : recipientViewed(envelope, actor.recipientId, now).envelope
        }
        expect(envelope.status).toBe('completed')
        expect(envelope.recipients.every((recipient) => recipient.status === 'completed')).toBe(true)
      }),
    )
  })

  it('refuses every event once the envelope is completed, declined or voided', () => {
    fc.assert(
      fc.property(
        randomEnvelopes,
        fc.constantFrom('void', 'decline'),
        randomEvents,
        (initial, end, event) => {
          const sent = send(initial, now).envelope
          const first = sent.recipients.find((r) => mustAct(r) && r.status === 'sent')
          fc.pre(first !== undefined)
          const terminal =
            end === 'void'
              ? voidEnvelope(sent, 'x', now).envelope
              : recipientDeclined(sent, first!.recipientId, 'x', now).envelope
          expect(() => apply(terminal, event)).toThrow(LifecycleError)
        },
      ),
    )
  })
})
