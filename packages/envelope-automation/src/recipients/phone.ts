import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { InvalidPhoneError } from '../errors.js'

export interface SmsPhone {
  /** E.164, e.g. `+14155552671`. */
  e164: string
  /** Digits of the country calling code, e.g. `1`, `57`. */
  countryCode: string
  /** The national number's digits. */
  number: string
}

/**
 * Validates and normalises a phone for SMS delivery with libphonenumber's full metadata, so a number of the
 * right length that no carrier can have (`+1 555 123 4567`) is refused here, before any call, rather than
 * by the SMS gateway after the envelope exists. Without a leading `+` the country is unknown: refused, the
 * contract prefers E.164 and guessing a country would text a stranger.
 */
export function parseSmsPhone(phone: string): SmsPhone {
  const trimmed = phone.trim()
  const parsed = trimmed.startsWith('+') ? parsePhoneNumberFromString(trimmed) : undefined
  if (!parsed?.isValid()) throw new InvalidPhoneError(phone)
  return { e164: parsed.number, countryCode: parsed.countryCallingCode, number: parsed.nationalNumber }
}
