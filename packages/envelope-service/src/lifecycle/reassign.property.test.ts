import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LifecycleError } from './errors.js'
import type { LifecycleEnvelope } from './model.js'
import { dueForInvitation } from './routing.js'
import { applyEvent, envelopeArbitrary, eventArbitrary } from './testing/random-events.js'
import { recipientReassigned } from './transitions.js'

/**
 * `recipientReassigned` over random envelopes driven to random states: it is refused unless the
 * envelope is in progress and the recipient a remote signer whose turn it is and who has not finished;
 * otherwise the signer is done and marked, the new signer joins at the same routing order and is
 * invited at once, nobody else changes, and Connect hears `recipient-reassign`.
 */

const now = new Date('2026-11-27T10:00:00.000Z')
const newSigner = { recipientId: '100', name: 'Nora Nueva', email: 'nora@example.test', reason: 'On leave' }

const stateArbitrary = fc
  .tuple(
    envelopeArbitrary({ maxRecipients: 5, maxOrder: 3, embedded: true }),
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

describe('recipientReassigned', () => {
  it('hands a reached remote signer’s part to the new signer and refuses everyone else', () => {
    fc.assert(
      fc.property(stateArbitrary, fc.integer({ min: 0, max: 4 }), (envelope, index) => {
        const original = envelope.recipients[index % envelope.recipients.length]!
        const allowed =
          (envelope.status === 'sent' || envelope.status === 'delivered') &&
          original.type === 'signer' &&
          !original.embedded &&
          (original.status === 'sent' || original.status === 'delivered')
        if (!allowed) {
          expect(() => recipientReassigned(envelope, original.recipientId, newSigner, now)).toThrow(
            LifecycleError,
          )
          return
        }
        const { envelope: after, effects } = recipientReassigned(
          envelope,
          original.recipientId,
          newSigner,
          now,
        )
        const byId = new Map(after.recipients.map((recipient) => [recipient.recipientId, recipient]))
        expect(byId.get(original.recipientId)).toMatchObject({ status: 'completed', reassignedTo: '100' })
        expect(byId.get(original.recipientId)?.completedAt).toBe(original.completedAt)
        expect(byId.get('100')).toMatchObject({
          type: 'signer',
          routingOrder: original.routingOrder,
          status: 'sent',
          replacing: { recipientId: original.recipientId, name: 'Nora Nueva', email: 'nora@example.test' },
        })
        for (const other of envelope.recipients) {
          if (other.recipientId !== original.recipientId) expect(byId.get(other.recipientId)).toEqual(other)
        }
        expect(dueForInvitation(after.recipients)).toEqual([])
        // A signer still `sent` has opened the envelope to reassign it: delivered first, then the reassign.
        const opened =
          original.status === 'sent'
            ? [{ event: 'recipient-delivered', recipientId: original.recipientId }]
            : []
        expect(effects.events.slice(0, opened.length + 1)).toEqual([
          ...opened,
          { event: 'recipient-reassign', recipientId: original.recipientId },
        ])
        expect(effects.events).toContainEqual({ event: 'recipient-sent', recipientId: '100' })
        expect(effects.messages).toContainEqual(
          expect.objectContaining({ kind: 'invitation', recipientId: '100', channel: 'email' }),
        )
        expect(effects.audit[0]).toMatchObject({ action: 'Reassigned', recipientId: original.recipientId })
        expect(after.status === 'sent' || after.status === 'delivered').toBe(true)
      }),
    )
  })

  it('refuses a recipient id the envelope already has', () => {
    const envelope: LifecycleEnvelope = {
      status: 'sent',
      recipients: [
        { recipientId: '1', type: 'signer', routingOrder: 1, status: 'sent', channel: 'email' },
        { recipientId: '2', type: 'signer', routingOrder: 2, status: 'created', channel: 'email' },
      ],
    }
    expect(() => recipientReassigned(envelope, '1', { ...newSigner, recipientId: '2' }, now)).toThrow(
      expect.objectContaining({ errorCode: 'INVALID_RECIPIENT_ID' }),
    )
  })
})
