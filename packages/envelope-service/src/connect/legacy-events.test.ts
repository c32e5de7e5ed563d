import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { eventsFromLegacyBody } from './legacy-events.js'

const ENVELOPE = ['Created', 'Sent', 'Delivered', 'Completed', 'Declined', 'Voided']
const RECIPIENT = ['Sent', 'Delivered', 'Completed', 'Declined']

/** A status in any letter case, as a string or in DocuSign's object form. */
const anyCase = (status: string) =>
  fc
    .array(fc.boolean(), { minLength: status.length, maxLength: status.length })
    .map((upper) => [...status].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''))

describe("Connect's older event lists", () => {
  it('map every supported status, in any case and either form, to its event, in order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(...ENVELOPE).chain((s) => anyCase(s).map((written) => [s, written] as const)),
        ),
        fc.array(
          fc.constantFrom(...RECIPIENT).chain((s) => anyCase(s).map((written) => [s, written] as const)),
        ),
        fc.boolean(),
        (envelope, recipient, asObjects) => {
          const events = eventsFromLegacyBody({
            envelopeEvents: envelope.map(([, written]) =>
              asObjects ? { envelopeEventStatusCode: written } : written,
            ),
            recipientEvents: recipient.map(([, written]) =>
              asObjects ? { recipientEventStatusCode: written } : written,
            ),
          })
          expect(events).toEqual([
            ...envelope.map(([status]) => `envelope-${status.toLowerCase()}`),
            ...recipient.map(([status]) => `recipient-${status.toLowerCase()}`),
          ])
        },
      ),
    )
  })

  it('refuses exactly the statuses it does not know, naming the first one and its path', () => {
    const known = (status: string) =>
      RECIPIENT.some((supported) => supported.toLowerCase() === status.trim().toLowerCase())
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...RECIPIENT), fc.string({ maxLength: 12 }))),
        (statuses) => {
          const firstUnknown = statuses.findIndex((status) => !known(status))
          const attempt = () =>
            eventsFromLegacyBody({
              recipientEvents: statuses.map((code) => ({ recipientEventStatusCode: code })),
            })
          if (firstUnknown === -1) expect(attempt()).toHaveLength(statuses.length)
          else expect(attempt).toThrow(`recipientEvents[${firstUnknown}].recipientEventStatusCode "`)
        },
      ),
    )
  })

  it('knows no recipient "Created" or "Voided", and names the supported ones', () => {
    expect(() => eventsFromLegacyBody({ recipientEvents: ['Voided'] })).toThrow(
      'recipientEvents[0] "Voided" is not a supported status; supported: Sent, Delivered, Completed, Declined',
    )
    expect(eventsFromLegacyBody({})).toEqual([])
  })
})
