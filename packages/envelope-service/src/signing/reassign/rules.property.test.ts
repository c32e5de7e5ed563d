import { RECIPIENT_STATUSES } from 'esign-contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LifecycleError } from '../../lifecycle/errors.js'
import { checkReassignment, nextRecipientId, reassignRefusal } from './rules.js'

describe('reassignRefusal', () => {
  const envelopeStatus = fc.constantFrom(
    'created',
    'sent',
    'delivered',
    'completed',
    'declined',
    'voided' as const,
  )
  const recipientType = fc.constantFrom(
    'signer',
    'inPersonSigner',
    'certifiedDelivery',
    'carbonCopy' as const,
  )

  it('allows exactly a remote signer whose turn it is, on an envelope in progress that allows it', () => {
    fc.assert(
      fc.property(
        envelopeStatus,
        fc.boolean(),
        recipientType,
        fc.constantFrom(...RECIPIENT_STATUSES),
        fc.boolean(),
        (status, allowReassign, type, recipientStatus, embedded) => {
          const refusal = reassignRefusal(
            { status, allowReassign },
            { type, status: recipientStatus, ...(embedded ? { clientUserId: 'crm-1' } : {}) },
          )
          const inProgress = status === 'sent' || status === 'delivered'
          const expected = !inProgress
            ? 'ENVELOPE_INVALID_STATUS'
            : !allowReassign || type !== 'signer' || embedded
              ? 'RECIPIENT_CANNOT_REASSIGN'
              : recipientStatus === 'completed' || recipientStatus === 'declined'
                ? 'RECIPIENT_ALREADY_FINISHED'
                : recipientStatus === 'created'
                  ? 'RECIPIENT_NOT_IN_SEQUENCE'
                  : undefined
          expect(refusal?.errorCode).toBe(expected)
        },
      ),
    )
  })
})

describe('checkReassignment', () => {
  const current = { email: 'ana@example.test' }

  it('trims and keeps a valid request', () => {
    expect(
      checkReassignment({ name: ' Nora ', email: ' nora@example.test ', reason: ' On leave ' }, current),
    ).toEqual({ name: 'Nora', email: 'nora@example.test', reason: 'On leave' })
  })

  it.each([
    ['an invalid email', { name: 'Nora', email: 'nora@', reason: 'x' }, 'email'],
    ['an email without a domain dot', { name: 'Nora', email: 'nora@example', reason: 'x' }, 'email'],
    [
      'the signer’s own email, in any case',
      { name: 'Ana', email: 'ANA@example.test', reason: 'x' },
      'someone else',
    ],
    ['a blank name', { name: '  ', email: 'nora@example.test', reason: 'x' }, 'name'],
    ['a blank reason', { name: 'Nora', email: 'nora@example.test', reason: ' ' }, 'reason'],
  ])('refuses %s with INVALID_REQUEST_PARAMETER', (_, request, named) => {
    let caught: unknown
    try {
      checkReassignment(request, current)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(LifecycleError)
    expect(caught).toMatchObject({ errorCode: 'INVALID_REQUEST_PARAMETER' })
    expect((caught as Error).message).toContain(named)
  })
})

describe('nextRecipientId', () => {
  it('is a number above every numeric id, so it is new to the envelope', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 1, max: 99_999 }).map(String), fc.string({ maxLength: 6 }))),
        (ids) => {
          const next = nextRecipientId(ids)
          expect(ids).not.toContain(next)
          expect(next).toMatch(/^[1-9][0-9]*$/)
          const numeric = ids.filter((id) => /^[0-9]{1,9}$/.test(id)).map(Number)
          expect(Number(next)).toBe(Math.max(0, ...numeric) + 1)
        },
      ),
    )
  })

  it('numbers after the highest id, not after the count', () => {
    expect(nextRecipientId(['1', '7', '3'])).toBe('8')
    expect(nextRecipientId([])).toBe('1')
  })
})
