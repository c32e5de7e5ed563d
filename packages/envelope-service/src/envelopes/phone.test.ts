import { describe, expect, it } from 'vitest'
import { InvalidPhoneNumberError, toE164 } from './phone.js'

describe('toE164', () => {
  it('normalises international numbers in any formatting', () => {
    expect(toE164('+57 300 123 4567')).toBe('+573001234567')
    expect(toE164('+1 (201) 555-0123')).toBe('+12015550123')
    expect(toE164('+44 7400 123456')).toBe('+447400123456')
  })

  it("accepts DocuSign's {countryCode, number}, with or without a plus", () => {
    expect(toE164({ countryCode: '57', number: '3001234567' })).toBe('+573001234567')
    expect(toE164({ countryCode: '+34', number: '612345678' })).toBe('+34612345678')
  })

  it('reads a national number with a default country', () => {
    expect(toE164('300 1234567', 'CO')).toBe('+573001234567')
  })

  it('refuses numbers that are not valid for their country, as a 400', () => {
    for (const bad of ['+1201555012', '+57 123', 'call me', '', '+999 1234567']) {
      expect(() => toE164(bad)).toThrow(InvalidPhoneNumberError)
    }
    expect(() => toE164({ countryCode: '1', number: '123' })).toThrow('+1 123 is not a valid phone number')
    const refusal = (() => {
      try {
        toE164('nope')
      } catch (error) {
        return error
      }
    })()
    expect(refusal).toBeInstanceOf(InvalidPhoneNumberError)
    expect((refusal as InvalidPhoneNumberError).statusCode).toBe(400)
  })
})
