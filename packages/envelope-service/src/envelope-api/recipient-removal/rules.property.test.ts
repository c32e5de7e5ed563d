import { ENVELOPE_STATUSES, RECIPIENT_STATUSES } from 'esign-contract'
import fc from 'fast-check'
import { AppError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { LifecycleEnvelope, LifecycleRecipient } from '../../lifecycle/model.js'
import { planRemoval } from './rules.js'

/** Which recipients DELETE .../recipients removes, over generated envelopes and requests. */

const recipientArbitrary = (recipientId: string) =>
  fc.record({
    recipientId: fc.constant(recipientId),
    type: fc.constantFrom<LifecycleRecipient['type']>(
      'signer',
      'inPersonSigner',
      'certifiedDelivery',
      'carbonCopy',
    ),
    routingOrder: fc.integer({ min: 1, max: 3 }),
    status: fc.constantFrom(...RECIPIENT_STATUSES),
    channel: fc.constant<LifecycleRecipient['channel']>('email'),
  })

const envelopeArbitrary = fc
  .uniqueArray(fc.integer({ min: 1, max: 30 }).map(String), { minLength: 1, maxLength: 6 })
  .chain((ids) =>
    fc.record({
      status: fc.constantFrom(...ENVELOPE_STATUSES),
      recipients: fc.tuple(...ids.map(recipientArbitrary)),
    }),
  )

const codeOf = (run: () => unknown) => {
  try {
    run()
    return undefined
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return (error as AppError).errorCode ?? (error as AppError).kind
  }
}

describe('planRemoval', () => {
  it('removes exactly the named recipients when allowed, and otherwise refuses with the predicted code', () => {
    fc.assert(
      fc.property(
        envelopeArbitrary,
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }).map(String), { maxLength: 4 }),
        (envelope, ids) => {
          const state = envelope as LifecycleEnvelope
          const named = state.recipients.filter((recipient) => ids.includes(recipient.recipientId))
          const kept = state.recipients.filter((recipient) => !ids.includes(recipient.recipientId))
          const draft = state.status === 'created'
          const expected =
            ids.length === 0
              ? 'invalid_request'
              : !['created', 'sent', 'delivered'].includes(state.status)
                ? 'ENVELOPE_INVALID_STATUS'
                : named.length < ids.length
                  ? 'UNKNOWN_ENVELOPE_RECIPIENT'
                  : !draft && named.some((recipient) => recipient.status !== 'created')
                    ? 'RECIPIENT_ALREADY_FINISHED'
                    : !draft &&
                        !kept.some(
                          (recipient) =>
                            recipient.type !== 'carbonCopy' &&
                            recipient.status !== 'completed' &&
                            recipient.status !== 'declined',
                        )
                      ? 'ENVELOPE_INVALID_STATUS'
                      : undefined
          expect(codeOf(() => planRemoval(state, ids))).toBe(expected)
          if (expected === undefined) expect(planRemoval(state, ids)).toEqual({ ...state, recipients: kept })
        },
      ),
    )
  })

  it('refuses a recipient named twice', () => {
    const envelope: LifecycleEnvelope = {
      status: 'created',
      recipients: [
        { recipientId: '1', type: 'signer', routingOrder: 1, status: 'created', channel: 'email' },
      ],
    }
    expect(() => planRemoval(envelope, ['1', '1'])).toThrow('more than once')
  })
})
