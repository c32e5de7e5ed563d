import type { ConsumerDisclosure } from 'esign-contract'
import { InvalidRequestError, looksLikeEmailAddress } from 'platform'
import { escapeHtml } from '../../messages/compose.js'
import { checkOwnText } from './own-text.js'
import { serviceTextBlocks } from './printed.js'
import {
  DISCLOSURE_DETAIL_TEXTS,
  DISCLOSURE_TEXT,
  DISCLOSURE_WITHDRAWAL_FLAGS,
  type DisclosureDetails,
  type DisclosureLanguage,
} from './text.js'

/**
 * DocuSign's `consumerDisclosure` answer for this service's disclosure (text.ts). Pure.
 *
 * - `esignText` is the disclosure as HTML (title, introduction, its four sections) and `esignAgreement`
 *   the sentence a signer agrees to, as DocuSign splits them; every text is escaped.
 * - The text exists in English and Spanish. `langCode` picks it as DocuSign's codes do: `es` and `es_MX`
 *   Spanish, `en` and `en_GB` English, `browser` the caller's `Accept-Language`; DocuSign's other codes
 *   answer English (as DocuSign answers its default disclosure in English whatever the code), and
 *   `languageCode` always says which text came. A code DocuSign does not know is a 400.
 * - Withdrawing consent is declining to sign (`allowCDWithdraw`), and, where the account says so
 *   (`withdrawByEmail`, `withdrawByPhone`, `withdrawByMail`), by writing or calling it.
 * - An account adds its contact details to the text (`DisclosureDetails`, `disclosureUpdate`), or gives
 *   its own text instead of this service's in one language (`custom: "true"` with `esignText`, checked by
 *   own-text.ts); `esignAgreement`, the sentence ticked, stays this service's, as on DocuSign.
 */

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

/** This service's text as HTML: its title, then the blocks the certificate prints (printed.ts). */
function serviceTextHtml(language: DisclosureLanguage, sender: string, details: DisclosureDetails): string {
  const blocks = serviceTextBlocks(language, sender, details).map((block) =>
    block.kind === 'heading' ? `<h3>${escapeHtml(block.text)}</h3>` : `<p>${escapeHtml(block.text)}</p>`,
  )
  return `<h2>${escapeHtml(DISCLOSURE_TEXT[language].title)}</h2>${blocks.join('')}`
}

export function consumerDisclosure(input: {
  accountId: string
  /** The name the disclosure speaks for unless the account set its own: the envelope's sender, or the account. */
  companyName: string
  language: DisclosureLanguage
  /** What the account added to the text in this language. */
  details?: DisclosureDetails
  /** Whether the account shows it on every envelope that does not say (rules.ts). */
  onEveryEnvelope?: boolean
}): ConsumerDisclosure {
  const text = DISCLOSURE_TEXT[input.language]
  const details = input.details ?? {}
  const sender = details.companyName ?? input.companyName
  const given = Object.fromEntries(
    DISCLOSURE_DETAIL_TEXTS.flatMap((name) => (details[name] === undefined ? [] : [[name, details[name]]])),
  )
  return {
    ...given,
    accountEsignId: input.accountId,
    allowCDWithdraw: 'true',
    companyName: sender,
    custom: String(details.ownText !== undefined),
    enableEsign: 'true',
    esignAgreement: `<p>${escapeHtml(text.agree)}</p>`,
    esignText: details.ownText ?? serviceTextHtml(input.language, input.companyName, details),
    languageCode: input.language,
    mustAgreeToEsign: 'true',
    useBrand: 'false',
    useConsumerDisclosureWithinAccount: String(input.onEveryEnvelope === true),
    withdrawByEmail: String(details.withdrawByEmail === true),
    withdrawByMail: String(details.withdrawByMail === true),
    withdrawByPhone: String(details.withdrawByPhone === true),
  }
}

/** Free texts a signer reads as sentences; the others are names, numbers and addresses. */
const LONG_TEXTS = new Set<string>(['changeEmailOther', 'withdrawConsequences', 'withdrawOther'])
const EMAILS = ['changeEmail', 'copyRequestEmail', 'withdrawEmail'] as const

/** What this service answers and an update may only repeat: signers always agree before signing. */
const FIXED = {
  allowCDWithdraw: 'true',
  enableEsign: 'true',
  mustAgreeToEsign: 'true',
  useBrand: 'false',
} as const

/** Why a fixed property cannot take another value, for the 400. */
const FIXED_REASON: Record<keyof typeof FIXED, string> = {
  allowCDWithdraw: 'signers can always withdraw their consent by declining to sign',
  enableEsign: 'signing electronically is what this service does',
  mustAgreeToEsign: 'a signer shown the disclosure must agree before signing',
  useBrand: 'brands do not carry a disclosure',
}

/** DocuSign's `consumerDisclosure` as an update sends it: strings, every one optional. */
export type ConsumerDisclosureUpdate = Partial<Record<string, unknown>>

/**
 * What an update leaves: `current` with each property the update gives (an empty text removes it), and
 * whether the account shows the disclosure on every envelope (`useConsumerDisclosureWithinAccount`, one
 * setting whichever language the update names), or a 400 naming every problem. `custom: "true"` with
 * `esignText` sets the account's own text for this language (own-text.ts), `custom: "false"` goes back
 * to this service's. The rest of DocuSign's fields may be sent back as a read answered them (so a read, a
 * change and a write work), but not changed: the agreement sentence (`esignAgreement`), this service's
 * text while `custom` is `"false"`, its settings (`FIXED`), the account and the language.
 */
export function disclosureUpdate(
  update: ConsumerDisclosureUpdate,
  current: { details: DisclosureDetails; answer: ConsumerDisclosure },
): { details: DisclosureDetails; onEveryEnvelope: boolean } {
  const problems: string[] = []
  const within = readFlag(update, 'useConsumerDisclosureWithinAccount', problems)
  const onEveryEnvelope = within ?? current.answer.useConsumerDisclosureWithinAccount === 'true'
  const next = changedDetails(update, current, problems)
  ownTextChange(update, current.answer, next, problems)
  problems.push(...readOnlyProblems(update, current.answer), ...detailProblems(next))
  if (problems.length > 0) throw new InvalidRequestError(problems.join('; '))
  return { details: next, onEveryEnvelope }
}

/** A `"true"`/`"false"` property (or a boolean) of the update; undefined when absent or not one. */
function readFlag(update: ConsumerDisclosureUpdate, name: string, problems: string[]): boolean | undefined {
  const value = update[name]
  if (value === undefined) return undefined
  const flag = typeof value === 'string' ? value.trim().toLowerCase() : value
  if (flag === true || flag === 'true') return true
  if (flag === false || flag === 'false') return false
  problems.push(`${name} must be "true" or "false"`)
  return undefined
}

/** The details with the update's texts and ways to withdraw applied. */
function changedDetails(
  update: ConsumerDisclosureUpdate,
  current: { details: DisclosureDetails; answer: ConsumerDisclosure },
  problems: string[],
): DisclosureDetails {
  const next: DisclosureDetails = { ...current.details }
  for (const name of DISCLOSURE_DETAIL_TEXTS) {
    const value = update[name]
    if (value === undefined) continue
    if (typeof value !== 'string') {
      problems.push(`${name} must be a string`)
      continue
    }
    const text = value.trim()
    const limit = LONG_TEXTS.has(name) ? 2000 : 200
    // A read answers the account's name when none was set: sent back unchanged, it sets nothing.
    const readBack =
      name === 'companyName' &&
      current.details.companyName === undefined &&
      text === current.answer.companyName
    if (text.length > limit) problems.push(`${name} must be at most ${limit} characters`)
    else if (readBack) continue
    else if (text === '') delete next[name]
    else next[name] = text
  }
  for (const name of DISCLOSURE_WITHDRAWAL_FLAGS) {
    const flag = readFlag(update, name, problems)
    if (flag === true) next[name] = true
    else if (flag === false) delete next[name]
  }
  return next
}

/** What the update may only send back as a read answered it: this service's text and settings, the account and the language. */
function readOnlyProblems(update: ConsumerDisclosureUpdate, answer: ConsumerDisclosure): string[] {
  const problems: string[] = []
  for (const [name, fixed] of Object.entries(FIXED) as [keyof typeof FIXED, string][]) {
    const value = update[name]
    if (value !== undefined && String(value).trim().toLowerCase() !== fixed) {
      problems.push(`${name} must be "${fixed}": ${FIXED_REASON[name]}`)
    }
  }
  if (update.esignAgreement !== undefined && update.esignAgreement !== answer.esignAgreement) {
    problems.push(
      'esignAgreement cannot be changed: it is the sentence every signer ticks; send it as a read answers it, or leave it out',
    )
  }
  if (update.accountEsignId !== undefined && update.accountEsignId !== answer.accountEsignId) {
    problems.push('accountEsignId must be this account’s id')
  }
  if (update.languageCode !== undefined && languageOf(update.languageCode) !== answer.languageCode) {
    problems.push(`languageCode must be the language of the path (${answer.languageCode})`)
  }
  if (update.pdfId !== undefined && update.pdfId !== '') {
    problems.push('pdfId is not supported: the disclosure is the text, not a PDF')
  }
  for (const name of ['allowCDWithdrawMetadata', 'useConsumerDisclosureWithinAccountMetadata']) {
    if (update[name] !== undefined) problems.push(`${name} is read only`)
  }
  return problems
}

/**
 * The account's own text after the update, in `next.ownText`: `custom: "true"` takes `esignText` (checked
 * by own-text.ts; a version that has an own text may send only `esignText`), `custom: "false"` drops it.
 * While the version has none, `esignText` may only be sent back as a read answered it.
 */
function ownTextChange(
  update: ConsumerDisclosureUpdate,
  answer: ConsumerDisclosure,
  next: DisclosureDetails,
  problems: string[],
): void {
  const custom = readFlag(update, 'custom', problems) ?? next.ownText !== undefined
  const text = update.esignText
  if (!custom) {
    delete next.ownText
    if (text !== undefined && text !== answer.esignText) {
      problems.push(
        'esignText cannot be changed while custom is "false": the text is this service’s, with the account’s contact details in it; send custom "true" with esignText to use the account’s own text, or leave esignText out',
      )
    }
    return
  }
  if (text === undefined) {
    if (next.ownText === undefined) {
      problems.push('custom "true" needs esignText: the account’s own disclosure, as HTML')
    }
    return
  }
  if (typeof text !== 'string') {
    problems.push('esignText must be a string of HTML')
    return
  }
  const checked = checkOwnText(text)
  if ('problems' in checked) problems.push(...checked.problems)
  else next.ownText = checked.html
}

/** What the details must be to make sense to a signer: addresses that are ones, an amount, each way to withdraw with its means. */
function detailProblems(details: DisclosureDetails): string[] {
  const problems: string[] = []
  for (const name of EMAILS) {
    const value = details[name]
    if (value !== undefined && !looksLikeEmailAddress(value))
      problems.push(`${name} must be an email address`)
  }
  if (details.copyCostPerPage !== undefined && !/^\d{1,6}(\.\d{1,4})?$/.test(details.copyCostPerPage)) {
    problems.push('copyCostPerPage must be an amount such as 0.25')
  }
  if (details.withdrawByEmail && details.withdrawEmail === undefined) {
    problems.push('withdrawByEmail needs withdrawEmail, the address to write to')
  }
  if (details.withdrawByPhone && details.withdrawPhone === undefined) {
    problems.push('withdrawByPhone needs withdrawPhone, the number to call')
  }
  if (
    details.withdrawByMail &&
    (details.withdrawAddressLine1 === undefined || details.withdrawCity === undefined)
  ) {
    problems.push('withdrawByMail needs withdrawAddressLine1 and withdrawCity, the address to write to')
  }
  return problems
}

/** `en` or `es` for a DocuSign code of either (`en_GB`, `es-MX`, ...); undefined for anything else. */
function languageOf(code: unknown): DisclosureLanguage | undefined {
  const lowered = String(code).trim().toLowerCase()
  return lowered === 'en' || lowered.startsWith('en_') || lowered.startsWith('en-')
    ? 'en'
    : lowered === 'es' || lowered.startsWith('es_') || lowered.startsWith('es-')
      ? 'es'
      : undefined
}

/**
 * The language an update's `langCode` writes: the disclosure exists in English and Spanish, so DocuSign's
 * other codes, and `browser` (a reader's choice, not a version), are a 400 rather than a version no one
 * would be shown.
 */
export function editableLanguage(langCode: string): DisclosureLanguage {
  const language = languageOf(langCode)
  if (language === undefined) {
    throw new InvalidRequestError(
      `langCode "${langCode}" cannot be updated: the disclosure is written in English (en, en_GB) and Spanish (es, es_MX)`,
    )
  }
  return language
}
