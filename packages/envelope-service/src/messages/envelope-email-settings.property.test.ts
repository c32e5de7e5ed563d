import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { DeliveryChannel } from '../lifecycle/model.js'
import { withTopLevelExpiration } from '../templates/notification.js'
import { channelAfterSuppression, recipientWording, withEmailSettings } from './envelope-email-settings.js'
import type { EmailMessage, OutboundMessage, SmsMessage } from './message.js'

/** The message-settings rules over generated settings: what each changes, and what it never touches. */

const channel = fc.constantFrom<DeliveryChannel>('email', 'sms', 'both')
const email: EmailMessage = {
  channel: 'email',
  to: { address: 'ana@example.test' },
  fromName: 'Sam via Inkwell',
  subject: 'Sign',
  text: 'text',
  html: '<p>html</p>',
}
const sms: SmsMessage = { channel: 'sms', to: '+573001234567', body: 'Inkwell: sign' }

describe('channelAfterSuppression', () => {
  it('takes email away from a suppressed recipient and nothing else', () => {
    fc.assert(
      fc.property(channel, fc.option(fc.boolean(), { nil: undefined }), (given, suppress) => {
        const left = channelAfterSuppression(given, suppress)
        if (!suppress) expect(left).toBe(given)
        else expect(left).toBe(given === 'email' ? undefined : 'sms')
      }),
    )
  })
})

describe('recipientWording', () => {
  it("uses the recipient's own subject and body where set, else the envelope's", () => {
    const text = fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: undefined })
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), text, text, text, (subject, blurb, ownSubject, ownBody) => {
        const envelope = { emailSubject: subject, ...(blurb ? { emailBlurb: blurb } : {}) }
        const own = {
          ...(ownSubject ? { emailSubject: ownSubject } : {}),
          ...(ownBody ? { emailBody: ownBody } : {}),
        }
        const wording = recipientWording(envelope, own)
        expect(wording.emailSubject).toBe(ownSubject ?? subject)
        expect(wording.emailBlurb).toBe(ownBody ?? blurb)
      }),
    )
  })
})

describe('withEmailSettings', () => {
  const bcc = fc.uniqueArray(fc.constantFrom('a@x.test', 'b@x.test', 'c@x.test'), { maxLength: 3 })
  const reply = fc.option(fc.constantFrom('legal@x.test'), { nil: undefined })
  const name = fc.option(fc.constantFrom('Legal team'), { nil: undefined })

  it('adds Reply-To and Bcc to every email, never to an SMS', () => {
    fc.assert(
      fc.property(bcc, reply, name, (addresses, address, replyName) => {
        const settings = {
          ...(address ? { replyEmailAddressOverride: address } : {}),
          ...(replyName ? { replyEmailNameOverride: replyName } : {}),
          bccEmailAddresses: addresses.map((entry, e) => ({
            bccEmailAddressId: String(e + 1),
            email: entry,
          })),
        }
        const [mail, text] = withEmailSettings([email, sms], settings, 'sam@x.test') as [
          EmailMessage,
          OutboundMessage,
        ]
        expect(text).toEqual(sms)
        expect(mail.bcc).toEqual(addresses.length > 0 ? addresses : undefined)
        const expectedAddress = address ?? (replyName ? 'sam@x.test' : undefined)
        expect(mail.replyTo).toEqual(
          expectedAddress
            ? { ...(replyName ? { name: replyName } : {}), address: expectedAddress }
            : undefined,
        )
        expect({ ...mail, replyTo: undefined, bcc: undefined }).toEqual({
          ...email,
          replyTo: undefined,
          bcc: undefined,
        })
      }),
    )
  })

  it('leaves messages as they are without settings', () => {
    expect(withEmailSettings([email, sms], undefined, 'sam@x.test')).toEqual([email, sms])
  })
})

describe('withTopLevelExpiration', () => {
  const flag = fc.option(fc.constantFrom<'true' | 'false'>('true', 'false'), { nil: undefined })
  const days = fc.option(fc.constantFrom('1', '5', '30'), { nil: undefined })
  it("fills notification.expirations from the top-level fields, the notification's own values winning", () => {
    fc.assert(
      fc.property(flag, days, flag, days, (topEnabled, topAfter, ownEnabled, ownAfter) => {
        const own = {
          ...(ownEnabled ? { expireEnabled: ownEnabled } : {}),
          ...(ownAfter ? { expireAfter: ownAfter } : {}),
        }
        const notification = { reminders: { reminderEnabled: 'true' as const }, expirations: own }
        const merged = withTopLevelExpiration({
          notification,
          ...(topEnabled ? { expireEnabled: topEnabled } : {}),
          ...(topAfter ? { expireAfter: topAfter } : {}),
        })
        if (!topEnabled && !topAfter) {
          expect(merged).toBe(notification)
          return
        }
        expect(merged?.reminders).toEqual(notification.reminders)
        expect(merged?.expirations?.expireEnabled).toBe(ownEnabled ?? topEnabled)
        expect(merged?.expirations?.expireAfter).toBe(ownAfter ?? topAfter)
      }),
    )
  })
})
