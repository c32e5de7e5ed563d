import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chosenMessage, type LockedMessage, lockedMessageOf } from './message-lock.js'

const message = fc.record({ emailSubject: fc.string({ minLength: 1 }), emailBlurb: fc.string() })
const chosen = fc.array(fc.record({ name: fc.string(), lockedMessage: fc.option(message, { nil: null }) }), {
  maxLength: 6,
})
const same = (a: LockedMessage, b: LockedMessage) =>
  a.emailSubject === b.emailSubject && a.emailBlurb === b.emailBlurb

describe('a template that locks its message', () => {
  it('fixes its subject and message only with messageLock "true" and a subject, as the service rules', () => {
    expect(lockedMessageOf({ messageLock: 'true', emailSubject: 'Legal', emailBlurb: 'Words' })).toEqual({
      emailSubject: 'Legal',
      emailBlurb: 'Words',
    })
    expect(lockedMessageOf({ messageLock: 'true', emailSubject: 'Legal' })).toEqual({
      emailSubject: 'Legal',
      emailBlurb: '',
    })
    // No subject to fix: the sender writes one (the service lets them), so the composition applies.
    expect(lockedMessageOf({ messageLock: 'true', emailSubject: '' })).toBeNull()
    expect(lockedMessageOf({ messageLock: 'false', emailSubject: 'Legal' })).toBeNull()
    expect(lockedMessageOf({ emailSubject: 'Legal' })).toBeNull()
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), fc.string(), (lock, subject) => {
        const locked = lockedMessageOf({ messageLock: lock, emailSubject: subject })
        expect(locked !== null).toBe(lock === 'true' && subject !== '')
      }),
    )
  })

  it('composes when no chosen template locks, and never mixes two different locked texts', () => {
    fc.assert(
      fc.property(chosen, (templates) => {
        const locking = templates.filter((template) => template.lockedMessage !== null)
        const result = chosenMessage(templates)
        if (locking.length === 0) {
          expect(result).toEqual({ kind: 'composed' })
          return
        }
        const first = locking[0] as { name: string; lockedMessage: LockedMessage }
        const allSame = locking.every((template) =>
          same(template.lockedMessage as LockedMessage, first.lockedMessage),
        )
        if (allSame) {
          // The envelope carries the text the locking templates agree on, as the service applies it.
          expect(result).toEqual({ kind: 'locked', templateName: first.name, message: first.lockedMessage })
        } else {
          expect(result.kind).toBe('conflict')
          const [a, b] = (result as { templateNames: [string, string] }).templateNames
          expect(a).toBe(first.name)
          expect(locking.map((template) => template.name)).toContain(b)
        }
      }),
    )
  })

  it('names the first two templates whose texts differ', () => {
    const legal = { emailSubject: 'Legal', emailBlurb: '' }
    expect(
      chosenMessage([
        { name: 'Intake', lockedMessage: null },
        { name: 'NDA', lockedMessage: legal },
        { name: 'NDA copy', lockedMessage: { ...legal } },
        { name: 'Lease', lockedMessage: { emailSubject: 'Legal', emailBlurb: 'Other words' } },
      ]),
    ).toEqual({ kind: 'conflict', templateNames: ['NDA', 'Lease'] })
  })
})
