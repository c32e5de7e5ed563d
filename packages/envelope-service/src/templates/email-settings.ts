import type { EmailSettings as EmailSettingsInput } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { EmailSettings } from './model.js'

/**
 * An envelope's `emailSettings` read into the domain: every address checked (a 400 naming the field,
 * since a reply or a blind copy to a bad address would be lost), blind copies without an id numbered
 * after the highest given one, repeated addresses kept once. Empty settings are none at all.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function emailSettingsOf(
  input: EmailSettingsInput | undefined,
  path = 'emailSettings',
): EmailSettings | undefined {
  if (!input) return undefined
  const reply = input.replyEmailAddressOverride?.trim()
  if (reply !== undefined && reply !== '' && !EMAIL.test(reply)) {
    throw new InvalidRequestError(`${path}.replyEmailAddressOverride must be a valid email address`)
  }
  const given = input.bccEmailAddresses ?? []
  const numbered = given
    .map((bcc) => Number(bcc.bccEmailAddressId))
    .filter((id) => Number.isSafeInteger(id) && id > 0)
  let next = Math.max(0, ...numbered)
  const seen = new Set<string>()
  const bccEmailAddresses: EmailSettings['bccEmailAddresses'] = []
  given.forEach((bcc, b) => {
    const email = bcc.email.trim()
    if (!EMAIL.test(email)) {
      throw new InvalidRequestError(`${path}.bccEmailAddresses[${b}].email must be a valid email address`)
    }
    if (seen.has(email.toLowerCase())) return
    seen.add(email.toLowerCase())
    const id = bcc.bccEmailAddressId?.trim()
    bccEmailAddresses.push({ bccEmailAddressId: id ? id : String(++next), email })
  })
  const name = input.replyEmailNameOverride?.trim()
  const settings: EmailSettings = {
    ...(reply ? { replyEmailAddressOverride: reply } : {}),
    ...(name ? { replyEmailNameOverride: name } : {}),
    bccEmailAddresses,
  }
  return settings.replyEmailAddressOverride || settings.replyEmailNameOverride || bccEmailAddresses.length > 0
    ? settings
    : undefined
}

/** The wire shape of stored settings (`GET /envelopes/{id}`, the `email_settings` sub-resource). */
export function toEmailSettingsOutput(settings: EmailSettings): EmailSettingsInput {
  return {
    ...(settings.replyEmailAddressOverride
      ? { replyEmailAddressOverride: settings.replyEmailAddressOverride }
      : {}),
    ...(settings.replyEmailNameOverride ? { replyEmailNameOverride: settings.replyEmailNameOverride } : {}),
    ...(settings.bccEmailAddresses.length > 0
      ? { bccEmailAddresses: settings.bccEmailAddresses.map((bcc) => ({ ...bcc })) }
      : {}),
  }
}
