import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LifecycleError } from './errors.js'
import type { LifecycleEnvelope, LifecycleRecipient } from './model.js'
import { currentRoutingOrder, dueForInvitation, mustAct } from './routing.js'
import { applyEvent, envelopeArbitrary, eventArbitrary } from './testing/random-events.js'
import { addRecipients } from './transitions.js'

/**
 * `addRecipients` over random envelopes driven to random states: a draft only gains the recipients; an
 * envelope in progress leaves nobody the routing has reached uninvited (the send's invariant), invites
 * exactly the added recipients it reaches, and touches no one else; any other status is refused.
 */

const now = new Date('2026-11-22T10:00:00.000Z')

/** A random envelope after random events (events the state refuses are skipped). */
const stateArbitrary = fc
  .tuple(
    envelopeArbitrary({ maxRecipients: 5, maxOrder: 3 }),
    fc.array(eventArbitrary({ withSend: true, maxRecipient: 4, recipientWeight: 4 }), { maxLength: 8 }),
  )
  .map(([start, events]) => {
    let envelope: LifecycleEnvelope = start
    for (const event of events) {
      try {
        envelope = applyEvent(envelope, event, now).envelope
      } catch (error) {
        if (!(error instanceof LifecycleError)) throw error
      }
    }
    return envelope
  })

const addedArbitrary = fc.array(
  fc.record({
    type: fc.constantFrom('signer', 'inPersonSigner', 'certifiedDelivery', 'carbonCopy' as const),
    routingOrder: fc.integer({ min: 1, max: 4 }),
    channel: fc.constantFrom('email', 'sms', 'both' as const),
  }),
  { minLength: 1, maxLength: 3 },
)

const withIds = (added: Omit<LifecycleRecipient, 'recipientId' | 'status'>[]): LifecycleRecipient[] =>
  added.map((recipient, index) => ({ ...recipient, recipientId: String(100 + index), status: 'created' }))

describe('addRecipients', () => {
  it('keeps the routing invariant and invites exactly the added recipients it reaches', () => {
    fc.assert(
      fc.property(stateArbitrary, addedArbitrary, (envelope, added) => {
        const recipients = withIds(added)
        const editable = ['created', 'sent', 'delivered'].includes(envelope.status)
        if (!editable) {
          expect(() => addRecipients(envelope, recipients, now)).toThrow(LifecycleError)
          return
        }
        const { envelope: after, effects } = addRecipients(envelope, recipients, now)
        expect(after.recipients.map((recipient) => recipient.recipientId)).toEqual([
          ...envelope.recipients.map((recipient) => recipient.recipientId),
          ...recipients.map((recipient) => recipient.recipientId),
        ])
        const addedIds = new Set(recipients.map((recipient) => recipient.recipientId))
        const before = new Map(envelope.recipients.map((recipient) => [recipient.recipientId, recipient]))
        for (const recipient of after.recipients) {
          if (!addedIds.has(recipient.recipientId))
            expect(recipient).toEqual(before.get(recipient.recipientId))
        }
        if (envelope.status === 'created') {
          expect(after.recipients.every((recipient) => recipient.status === 'created')).toBe(true)
          expect(effects.messages).toEqual([])
          return
        }
        expect(dueForInvitation(after.recipients)).toEqual([])
        const invited = after.recipients.filter(
          (recipient) => addedIds.has(recipient.recipientId) && recipient.status === 'sent',
        )
        const current = currentRoutingOrder(after.recipients)
        for (const recipient of invited) {
          expect(mustAct(recipient) ? recipient.routingOrder === current : true).toBe(true)
        }
        expect(new Set(effects.messages.map((message) => message.recipientId))).toEqual(
          new Set(invited.map((recipient) => recipient.recipientId)),
        )
        expect(effects.audit.filter((entry) => entry.action === 'Recipient Added')).toHaveLength(
          recipients.length,
        )
      }),
    )
  })

  it('refuses an id the envelope has with INVALID_RECIPIENT_ID', () => {
    fc.assert(
      fc.property(stateArbitrary, (envelope) => {
        fc.pre(['created', 'sent', 'delivered'].includes(envelope.status))
        const clash = { ...(envelope.recipients[0] as LifecycleRecipient), status: 'created' as const }
        let error: unknown
        try {
          addRecipients(envelope, [clash], now)
        } catch (caught) {
          error = caught
        }
        expect(error).toBeInstanceOf(LifecycleError)
        expect((error as LifecycleError).errorCode).toBe('INVALID_RECIPIENT_ID')
      }),
    )
  })
})
