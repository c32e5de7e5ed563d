import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  attemptsLeft,
  methodsOf,
  newSmsCode,
  normalizedCode,
  pendingMethods,
  phoneHint,
  smsCodeHash,
} from './rules.js'

describe('recipient authentication rules', () => {
  it('owes the access code first, then the SMS code, and nothing for an empty code or no numbers', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
        fc.array(fc.constant('+14155550123'), { maxLength: 2 }),
        (accessCode, phones) => {
          const methods = methodsOf({
            ...(accessCode === undefined ? {} : { accessCode }),
            smsAuthPhones: phones,
          })
          const expected = [
            ...(accessCode ? (['access_code'] as const) : []),
            ...(phones.length > 0 ? (['sms'] as const) : []),
          ]
          expect(methods).toEqual(expected)
        },
      ),
    )
  })

  it('leaves pending exactly the owed methods not passed, in order', () => {
    const method = fc.constantFrom('access_code' as const, 'sms' as const)
    fc.assert(
      fc.property(fc.uniqueArray(method), fc.array(method), (required, passed) => {
        const pending = pendingMethods(required, passed)
        expect(pending).toEqual(required.filter((owed) => !passed.includes(owed)))
        expect(pending.every((owed) => !passed.includes(owed))).toBe(true)
      }),
    )
  })

  it('makes six-digit codes for every random value, leading zeros kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (value) => {
        const code = newSmsCode(() => value)
        expect(code).toMatch(/^[0-9]{6}$/)
        expect(Number(code)).toBe(value)
      }),
    )
    expect(newSmsCode()).toMatch(/^[0-9]{6}$/)
  })

  it('binds a code hash to its envelope and recipient', () => {
    fc.assert(
      fc.property(
        fc.tuple(fc.uuid(), fc.stringMatching(/^[1-9][0-9]{0,2}$/)),
        fc.tuple(fc.uuid(), fc.stringMatching(/^[1-9][0-9]{0,2}$/)),
        fc.stringMatching(/^[0-9]{6}$/),
        ([envelopeA, recipientA], [envelopeB, recipientB], code) => {
          const same = envelopeA === envelopeB && recipientA === recipientB
          expect(smsCodeHash(envelopeA, recipientA, code) === smsCodeHash(envelopeB, recipientB, code)).toBe(
            same,
          )
          expect(smsCodeHash(envelopeA, recipientA, code)).not.toContain(code)
        },
      ),
    )
  })

  it('reads a code typed with spaces and dashes as its digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{6}$/), fc.array(fc.constantFrom(' ', '-')), (code, noise) => {
        const typed = code.slice(0, 3) + noise.join('') + code.slice(3)
        expect(normalizedCode(typed)).toBe(code)
      }),
    )
  })

  it('shows no more of a phone number than its last two digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\+[1-9][0-9]{7,14}$/), (phone) => {
        const hint = phoneHint(phone)
        expect(hint.replace(/[^0-9]/g, '')).toBe(phone.slice(-2))
      }),
    )
  })

  it('never counts attempts left below zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 40 }), (max, failed) => {
        expect(attemptsLeft(max, failed)).toBe(Math.max(0, max - failed))
      }),
    )
  })
})
