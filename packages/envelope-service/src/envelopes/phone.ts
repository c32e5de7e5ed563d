import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { InvalidRequestError } from 'platform'

/** DocuSign's `phoneNumber` object: country calling code and national number, digits only. */
export interface DocuSignPhoneNumber {
  countryCode: string
  number: string
}

export class InvalidPhoneNumberError extends InvalidRequestError {}

/**
 * Validates a phone number against libphonenumber's full metadata and returns it in E.164
 * (`+573001234567`). Accepts E.164 or any formatting of an international number, a national number
 * with `defaultCountry`, or DocuSign's `{countryCode, number}`.
 */
export function toE164(phone: string | DocuSignPhoneNumber, defaultCountry?: CountryCode): string {
  const text = typeof phone === 'string' ? phone : `+${phone.countryCode.replace(/^\+/, '')}${phone.number}`
  const parsed = parsePhoneNumberFromString(text, defaultCountry)
  if (!parsed?.isValid()) {
    throw new InvalidPhoneNumberError(`${describe(phone)} is not a valid phone number`)
  }
  return parsed.number
}

function describe(phone: string | DocuSignPhoneNumber) {
  return typeof phone === 'string' ? JSON.stringify(phone) : `+${phone.countryCode} ${phone.number}`
}
