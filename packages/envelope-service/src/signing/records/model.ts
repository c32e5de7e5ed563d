import { AppError } from 'platform'
import type { StoredRecipient } from '../../envelopes/reads.js'

/** The browser a signing call came from, as the audit trail and the adoption record keep it. */
export interface Client {
  ipAddress: string
  userAgent: string
}

/**
 * The one answer to a signing token that is unknown, expired or already used, on every signing and
 * authentication call: the page says the link is not valid.
 */
export const invalidLink = () =>
  new AppError('unauthorized', 'This signing link is not valid', { errorCode: 'INVALID_TOKEN_FORMAT' })

/** The name shown and audited: the in-person signer's own, else the recipient's. */
export const signerName = (recipient: StoredRecipient) =>
  recipient.inPerson?.signerName ?? recipient.name ?? ''

/** The envelope's form language: a list custom field named for the language, set to Spanish or English. */
export function formLanguageOf(fields: { name: string; value: string }[]): 'en' | 'es' | undefined {
  for (const field of fields) {
    if (!/language|idioma/i.test(field.name)) continue
    const value = field.value.trim().toLowerCase()
    if (/^(es([-_].*)?|spanish|español|espanol)$/.test(value)) return 'es'
    if (/^(en([-_].*)?|english|inglés|ingles)$/.test(value)) return 'en'
  }
  return undefined
}

/**
 * The language of a recipient's messages and signing page: the recipient's own
 * `emailNotification.supportedLanguage` (Spanish for `es`, English for any other: the service speaks
 * those two), else the envelope's form language.
 */
export function recipientLanguageOf(
  recipient: Pick<StoredRecipient, 'emailNotification'>,
  fields: { name: string; value: string }[],
): 'en' | 'es' | undefined {
  const own = recipient.emailNotification?.supportedLanguage
  if (own !== undefined) return /^es([-_]|$)/i.test(own) ? 'es' : 'en'
  return formLanguageOf(fields)
}
