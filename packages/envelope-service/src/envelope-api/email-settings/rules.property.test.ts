import fc from 'fast-check'
import { InvalidRequestError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { EmailSettings } from '../../envelopes/model.js'
import { checkEmailSettingsEditable, planEmailSettings } from './rules.js'

/** The email-settings plans over generated addresses: ids unique, addresses once, nothing lost. */

const address = fc.constantFrom('a@x.test', 'b@x.test', 'B@x.test', 'c@y.test', 'bad@', 'no-at')
const valid = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
const stored = fc.uniqueArray(fc.constantFrom('a@x.test', 'b@x.test', 'c@y.test'), { maxLength: 3 }).map(
  (emails): EmailSettings => ({
    replyEmailAddressOverride: 'reply@x.test',
    bccEmailAddresses: emails.map((email, e) => ({ bccEmailAddressId: String(e + 1), email })),
  }),
)

describe('planEmailSettings', () => {
  it('add keeps the stored Bcc addresses, adds the new ones once each, numbering them after the highest id', () => {
    fc.assert(
      fc.property(stored, fc.array(address, { maxLength: 4 }), (existing, added) => {
        const body = { bccEmailAddresses: added.map((email) => ({ email })) }
        if (!added.every(valid)) {
          expect(() => planEmailSettings('add', existing, body)).toThrow(InvalidRequestError)
          return
        }
        const planned = planEmailSettings('add', existing, body)!
        const emails = planned.bccEmailAddresses.map((bcc) => bcc.email.toLowerCase())
        expect(new Set(emails).size).toBe(emails.length)
        for (const email of [...existing.bccEmailAddresses.map((bcc) => bcc.email), ...added])
          expect(emails).toContain(email.toLowerCase())
        expect(planned.bccEmailAddresses.slice(0, existing.bccEmailAddresses.length)).toEqual(
          existing.bccEmailAddresses,
        )
        const ids = planned.bccEmailAddresses.map((bcc) => bcc.bccEmailAddressId)
        expect(new Set(ids).size).toBe(ids.length)
        expect(planned.replyEmailAddressOverride).toBe('reply@x.test')
      }),
    )
  })

  it('update replaces the Bcc list only when one is given, and delete leaves nothing', () => {
    fc.assert(
      fc.property(
        stored,
        fc.option(fc.array(fc.constantFrom('d@z.test', 'e@z.test'), { maxLength: 2 })),
        (existing, given) => {
          const body =
            given === null
              ? { replyEmailNameOverride: 'Legal' }
              : { bccEmailAddresses: given.map((email) => ({ email })) }
          const planned = planEmailSettings('update', existing, body)
          const expected =
            given === null ? existing.bccEmailAddresses.map((bcc) => bcc.email) : [...new Set(given)]
          expect(planned?.bccEmailAddresses.map((bcc) => bcc.email)).toEqual(expected)
          expect(planEmailSettings('delete', existing, {})).toBeUndefined()
        },
      ),
    )
  })
})

describe('checkEmailSettingsEditable', () => {
  it.each(['created', 'sent', 'delivered'])('allows a change on a %s envelope', (status) => {
    expect(() => checkEmailSettingsEditable(status)).not.toThrow()
  })
  it.each(['completed', 'declined', 'voided'])('refuses a change on a %s envelope', (status) => {
    expect(() => checkEmailSettingsEditable(status)).toThrow(/draft, sent or delivered/)
  })
})
