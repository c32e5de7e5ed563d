import fc from 'fast-check'
import { type E164Number, getCountries, getExampleNumber } from 'libphonenumber-js/max'
import mobileExamples from 'libphonenumber-js/mobile/examples'
import { describe, expect, it } from 'vitest'
import { AutomationInputError, InvalidPhoneError } from '../errors.js'
import {
  buildRecipients,
  PLACEHOLDER_EMAIL,
  parseSmsPhone,
  Recipient,
  type RecipientSource,
  SERVICE_COORDINATOR_ROLE,
  SIGNING_RECIPIENT_ROLE,
} from './index.js'

const source = (overrides: Partial<RecipientSource> = {}): RecipientSource => ({
  caseId: 'case-1',
  signingRecipient1: 'contact-1',
  contact: { name: 'Ana Gómez', email: 'ana@example.test' },
  serviceCoordinator: { name: 'Sam Coordinator', email: 'sam@example.test' },
  ...overrides,
})

describe('recipient rule 2: recipient 1 uses the role name "Signing Recipient #1" exactly', () => {
  it('names the role exactly, with the same case and the #', () => {
    const [first] = buildRecipients(source())
    expect(SIGNING_RECIPIENT_ROLE).toBe('Signing Recipient #1')
    expect(first?.roleName).toBe('Signing Recipient #1')
    expect(first?.toSigner()).toMatchObject({ roleName: 'Signing Recipient #1', routingOrder: '1' })
  })
})

describe('recipient rule 3: the Service Coordinator always uses email delivery', () => {
  it('is invited by email even when recipient 1 gets SMS', () => {
    const recipients = buildRecipients(source({ recipientSmsPhone: '+14155552671' }))
    const coordinator = recipients.find((recipient) => recipient.roleName === SERVICE_COORDINATOR_ROLE)
    expect(coordinator?.delivery).toEqual({ method: 'email' })
    expect(coordinator?.toSigner()).toEqual({
      roleName: 'Service Coordinator',
      routingOrder: '2',
      name: 'Sam Coordinator',
      email: 'sam@example.test',
    })
  })

  it('refuses a case without a coordinator email before any call', () => {
    expect(() => buildRecipients(source({ serviceCoordinator: { name: 'Sam', email: ' ' } }))).toThrow(
      AutomationInputError,
    )
  })
})

describe('recipient rule 4: recipient 1 is built from the linked contact, the case as source record', () => {
  it('takes name and email from the contact and the case id as source record', () => {
    const [first] = buildRecipients(source())
    expect(first).toMatchObject({ name: 'Ana Gómez', email: 'ana@example.test', sourceRecordId: 'case-1' })
    expect(first?.delivery).toEqual({ method: 'email' })
    expect(first?.toSigner()).toEqual({
      roleName: 'Signing Recipient #1',
      routingOrder: '1',
      name: 'Ana Gómez',
      email: 'ana@example.test',
    })
  })
})

describe('recipient rule 5: data prerequisites', () => {
  it('refuses a linked contact without a name', () => {
    expect(() => buildRecipients(source({ contact: { name: '  ', email: 'a@example.test' } }))).toThrow(
      /no name/,
    )
  })

  it('refuses a link to a contact that does not exist', () => {
    expect(() => buildRecipients(source({ contact: undefined }))).toThrow(/does not exist/)
  })

  it('refuses a contact with a blank email and no SMS phone: nobody could invite them', () => {
    for (const email of [null, '', '   ']) {
      expect(() => buildRecipients(source({ contact: { name: 'Ana', email } }))).toThrow(/recipientSmsPhone/)
    }
  })
})

describe('recipient rule 6: no link to a contact, no recipient 1', () => {
  it.each([null, '', '  '])('skips recipient 1 entirely when Signing_Recipient_1__c is %j', (link) => {
    const recipients = buildRecipients(
      source({ signingRecipient1: link, contact: undefined, recipientSmsPhone: '+14155552671' }),
    )
    expect(recipients.map((recipient) => recipient.roleName)).toEqual([SERVICE_COORDINATOR_ROLE])
  })
})

describe('recipient rule 7: the placeholder email', () => {
  it('substitutes the placeholder when the contact email is blank and a phone is given', () => {
    const [first] = buildRecipients(
      source({ contact: { name: 'Ana', email: null }, recipientSmsPhone: '+14155552671' }),
    )
    expect(first?.toSigner()).toEqual({
      roleName: 'Signing Recipient #1',
      routingOrder: '1',
      name: 'Ana',
      email: PLACEHOLDER_EMAIL,
      deliveryMethod: 'SMS',
      phoneNumber: { countryCode: '1', number: '4155552671' },
    })
  })

  it('keeps a real contact email when there is one, even with SMS delivery', () => {
    const [first] = buildRecipients(source({ recipientSmsPhone: '+573001234567' }))
    expect(first?.toSigner().email).toBe('ana@example.test')
  })

  it('is an address that can never receive mail (reserved .invalid domain)', () => {
    expect(PLACEHOLDER_EMAIL).toMatch(/^[^@\s]+@[^@\s]+\.invalid$/)
  })
})

describe('recipientSmsPhone and withSmsDelivery(phone)', () => {
  it('sends by email when recipientSmsPhone is blank or absent', () => {
    for (const recipientSmsPhone of [undefined, null, '', '   ']) {
      const [first] = buildRecipients(source({ recipientSmsPhone }))
      expect(first?.delivery).toEqual({ method: 'email' })
      expect(first?.toSigner().deliveryMethod).toBeUndefined()
    }
  })

  it('turns on SMS delivery for recipient 1 with the phone as {countryCode, number}', () => {
    const [first] = buildRecipients(source({ recipientSmsPhone: '+57 300 123 4567' }))
    expect(first?.toSigner()).toMatchObject({
      deliveryMethod: 'SMS',
      phoneNumber: { countryCode: '57', number: '3001234567' },
    })
  })

  it('returns a new recipient and leaves the original unchanged (immutability)', () => {
    const original = Recipient.byEmail({
      roleName: SIGNING_RECIPIENT_ROLE,
      routingOrder: '1',
      name: 'Ana',
      email: 'ana@example.test',
      sourceRecordId: 'case-1',
    })
    const before = JSON.stringify(original.toSigner())
    const bySms = original.withSmsDelivery('+14155552671')
    expect(bySms).not.toBe(original)
    expect(bySms.delivery.method).toBe('SMS')
    expect(original.delivery).toEqual({ method: 'email' })
    expect(JSON.stringify(original.toSigner())).toBe(before)
    expect(Object.isFrozen(original)).toBe(true)
    expect(() => {
      ;(original as unknown as { email: string }).email = 'other@example.test'
    }).toThrow(TypeError)
  })

  it('normalises the phone to E.164', () => {
    expect(parseSmsPhone(' +1 (415) 555-2671 ')).toEqual({
      e164: '+14155552671',
      countryCode: '1',
      number: '4155552671',
    })
  })

  it.each(['4155552671', '+1 555 123 4567', '+1415', 'call me', '+', '++14155552671'])(
    'refuses %j with an InvalidPhoneError (code INVALID_PHONE) before any call',
    (phone) => {
      expect(() => buildRecipients(source({ recipientSmsPhone: phone }))).toThrow(InvalidPhoneError)
      expect(() => parseSmsPhone(phone)).toThrow(expect.objectContaining({ code: 'INVALID_PHONE', phone }))
    },
  )

  // Numbers whose validity is known by construction: the example mobile number of every country (valid),
  // written with any spacing, dashes or parentheses; and strings that cannot be a mobile number (no leading
  // + and country code, fewer than 4 digits after the +, no digits at all).
  const validMobiles = getCountries()
    .map((country) => getExampleNumber(country, mobileExamples)?.number)
    .filter((number): number is E164Number => number !== undefined)
  const separators = fc.constantFrom('', ' ', '-', '.', ' (', ') ')
  const formatted = (e164: string) =>
    fc
      .array(separators, { minLength: e164.length, maxLength: e164.length })
      .map((between) =>
        [...e164].map((digit, index) => `${digit}${index > 0 ? between[index] : ''}`).join(''),
      )
  const validPhone = fc
    .constantFrom(...validMobiles)
    .chain((e164) => formatted(e164).map((text) => ({ e164, text })))
  const invalidPhone = fc.oneof(
    fc.constantFrom(...validMobiles).map((e164) => e164.slice(1)),
    fc.stringMatching(/^\+[0-9]{0,3}$/),
    fc.stringMatching(/^[^0-9]*$/),
  )

  it('property: a mobile number is accepted and normalised to E.164 exactly when it is one', () => {
    expect(validMobiles.length).toBeGreaterThan(200)
    fc.assert(
      fc.property(validPhone, ({ e164, text }) => {
        const parsed = parseSmsPhone(text)
        expect(parsed.e164).toBe(e164)
        expect(parsed.e164).toBe(`+${parsed.countryCode}${parsed.number}`)
        expect(parsed.number).toMatch(/^[0-9]{4,15}$/)
      }),
      { numRuns: 300 },
    )
    fc.assert(
      fc.property(invalidPhone, (phone) => {
        expect(() => parseSmsPhone(phone)).toThrow(InvalidPhoneError)
        expect(() => parseSmsPhone(phone)).toThrow(expect.objectContaining({ code: 'INVALID_PHONE', phone }))
      }),
      { numRuns: 300 },
    )
  })
})
