import type { ConsumerDisclosure } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import { escapeHtml } from '../../messages/compose.js'
import { DISCLOSURE_TEXT } from './text.js'

/**
 * DocuSign's `consumerDisclosure` answer for this service's disclosure (text.ts). Pure.
 *
 * - `esignText` is the disclosure as HTML (title, introduction, its four sections) and `esignAgreement`
 *   the sentence a signer agrees to, as DocuSign splits them; every text is escaped.
 * - The text exists in English and Spanish. `langCode` picks it as DocuSign's codes do: `es` and `es_MX`
 *   Spanish, `en` and `en_GB` English, `browser` the caller's `Accept-Language`; DocuSign's other codes
 *   answer English (as DocuSign answers its default disclosure in English whatever the code), and
 *   `languageCode` always says which text came. A code DocuSign does not know is a 400.
 * - Withdrawing consent is declining to sign (`allowCDWithdraw`), not by email, mail or phone.
 */

export type DisclosureLanguage = 'en' | 'es'

/** DocuSign's signer language codes (its `langCode` list), in lower case; `browser` is read apart. */
const DOCUSIGN_LANGUAGE_CODES = new Set(
  (
    'ar bg cs zh_CN zh_TW hr da nl en en_GB et fa fi fr fr_CA de el he hi hu hy id it ja ko lv lt ms no pl ' +
    'pt pt_BR ro ru sr sk sl es es_MX sv th tr uk vi'
  )
    .split(' ')
    .map((code) => code.toLowerCase()),
)

/**
 * The language of the text for `langCode`: `otherwise` when none is given, `browser()` for `browser`.
 * Codes are read without regard to case or `-`/`_`, as browsers and DocuSign's list spell them.
 */
export function disclosureLanguage(
  langCode: string | undefined,
  browser: () => DisclosureLanguage,
  otherwise: DisclosureLanguage,
): DisclosureLanguage {
  if (langCode === undefined || langCode.trim() === '') return otherwise
  const code = langCode.trim().toLowerCase().replace('-', '_')
  if (code === 'browser') return browser()
  if (!DOCUSIGN_LANGUAGE_CODES.has(code)) {
    throw new InvalidRequestError(
      `langCode "${langCode}" is not one of DocuSign's signer language codes (en, es, es_MX, fr, ...) or browser`,
    )
  }
  return code.startsWith('es') ? 'es' : 'en'
}

export function consumerDisclosure(input: {
  accountId: string
  /** The name the disclosure speaks for: the envelope's sender, or the account. */
  companyName: string
  language: DisclosureLanguage
}): ConsumerDisclosure {
  const text = DISCLOSURE_TEXT[input.language]
  const sender = input.companyName
  const sections = text
    .sections(sender)
    .map((section) => `<h3>${escapeHtml(section.heading)}</h3><p>${escapeHtml(section.text)}</p>`)
  return {
    accountEsignId: input.accountId,
    allowCDWithdraw: 'true',
    companyName: input.companyName,
    custom: 'false',
    enableEsign: 'true',
    esignAgreement: `<p>${escapeHtml(text.agree)}</p>`,
    esignText: [
      `<h2>${escapeHtml(text.title)}</h2>`,
      `<p>${escapeHtml(text.intro(sender))}</p>`,
      ...sections,
    ].join(''),
    languageCode: input.language,
    mustAgreeToEsign: 'true',
    useBrand: 'false',
    // The account never shows it on its own: only envelopes that ask (`useDisclosure`) do.
    useConsumerDisclosureWithinAccount: 'false',
    withdrawByEmail: 'false',
    withdrawByMail: 'false',
    withdrawByPhone: 'false',
  }
}
