import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AuditEffect } from '../audit/model.js'
import { LifecycleError } from './errors.js'
import type { LifecycleEnvelope, MessageEffect, Transition } from './model.js'
import { isEmbedded, messageTo } from './notified.js'
import {
  applyEvent,
  envelopeArbitrary,
  eventArbitrary,
  type LifecycleEvent,
} from './testing/random-events.js'
import { send } from './transitions.js'

/**
 * The message rule against an oracle: the same random envelope is driven through the same random events
 * twice, once with some recipients embedded and once with all of them remote. Embedding may only take
 * messages away (exactly those to embedded recipients, and the reminder-type audit entries that would
 * claim one was sent); states, Connect events and every other audit entry must not change, and the
 * sender hears of every decline either way.
 */

const randomEnvelopes = envelopeArbitrary({ maxRecipients: 5, maxOrder: 3, embedded: true })
const randomEvents = eventArbitrary({ withSend: false, maxRecipient: 4, recipientWeight: 5 })
const now = new Date('2026-11-22T10:00:00.000Z')

/** The transition, or the refusal's error code: both runs must agree on which. */
function attempt(envelope: LifecycleEnvelope, event: LifecycleEvent): Transition | string {
  try {
    return applyEvent(envelope, event, now)
  } catch (error) {
    if (error instanceof LifecycleError) return error.errorCode ?? error.message
    throw error
  }
}

const remote = (envelope: LifecycleEnvelope): LifecycleEnvelope => ({
  ...envelope,
  recipients: envelope.recipients.map(({ embedded: _embedded, ...recipient }) => recipient),
})

const REMINDER_ACTIONS = new Set(['Resent', 'Reminder Sent', 'Expiration Warning Sent'])

describe('who is sent which message', () => {
  it('embedded recipients are sent nothing; everything else is as if they were remote', () => {
    fc.assert(
      fc.property(randomEnvelopes, fc.array(randomEvents, { maxLength: 12 }), (start, events) => {
        const embeddedIds = new Set(
          start.recipients
            .filter((recipient) => isEmbedded(recipient))
            .map((recipient) => recipient.recipientId),
        )
        const toEmbedded = (effect: MessageEffect | AuditEffect) =>
          effect.recipientId !== undefined && embeddedIds.has(effect.recipientId)
        const steps: [Transition, Transition][] = [[send(start, now), send(remote(start), now)]]
        let [withEmbedded, allRemote] = steps[0]!.map((transition) => transition.envelope) as [
          LifecycleEnvelope,
          LifecycleEnvelope,
        ]
        for (const event of events) {
          const a = attempt(withEmbedded, event)
          const b = attempt(allRemote, event)
          if (typeof a === 'string' || typeof b === 'string') {
            expect(a).toEqual(b)
            continue
          }
          steps.push([a, b])
          withEmbedded = a.envelope
          allRemote = b.envelope
        }
        for (const [a, b] of steps) {
          expect(remote(a.envelope)).toEqual(b.envelope)
          expect(a.effects.events).toEqual(b.effects.events)
          const senderNotices = b.effects.messages.filter((message) => message.kind === 'senderDeclined')
          expect(a.effects.messages).toEqual([
            ...b.effects.messages.filter(
              (message) => message.kind !== 'senderDeclined' && !toEmbedded(message),
            ),
            ...senderNotices,
          ])
          const kept = b.effects.audit.filter(
            (entry) => !(REMINDER_ACTIONS.has(entry.action) && toEmbedded(entry)),
          )
          expect(a.effects.audit.map(({ action, recipientId }) => ({ action, recipientId }))).toEqual(
            kept.map(({ action, recipientId }) => ({ action, recipientId })),
          )
        }
      }),
      { numRuns: 300 },
    )
  })

  it('tells the sender of every decline, with the reason, whoever declined', () => {
    fc.assert(
      fc.property(randomEnvelopes, fc.nat(4), (start, pick) => {
        const sent = send(start, now).envelope
        const decliner = sent.recipients[pick % sent.recipients.length]!
        const declined = attempt(sent, { kind: 'decline', recipient: pick })
        const canDecline = decliner.status === 'sent' && decliner.type !== 'carbonCopy'
        if (!canDecline) {
          expect(typeof declined).toBe('string')
          return
        }
        if (typeof declined === 'string') throw new Error(declined)
        expect(declined.effects.messages.filter((message) => message.kind === 'senderDeclined')).toEqual([
          { kind: 'senderDeclined', recipientId: decliner.recipientId, channel: 'email', reason: 'Not mine' },
        ])
      }),
    )
  })
})

describe('messageTo', () => {
  it('sends nothing to an embedded signer and ignores clientUserId on a carbon copy', () => {
    const base = { recipientId: '1', channel: 'sms' as const, embedded: true }
    expect(messageTo({ ...base, type: 'signer' }, 'invitation')).toBeUndefined()
    expect(messageTo({ ...base, type: 'certifiedDelivery' }, 'completed')).toBeUndefined()
    expect(messageTo({ ...base, type: 'carbonCopy' }, 'copy')).toEqual({
      kind: 'copy',
      recipientId: '1',
      channel: 'sms',
    })
    expect(messageTo({ ...base, type: 'signer', embedded: false }, 'voided', 'Wrong')).toEqual({
      kind: 'voided',
      recipientId: '1',
      channel: 'sms',
      reason: 'Wrong',
    })
  })
})
