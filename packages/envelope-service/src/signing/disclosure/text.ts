/**
 * The words of the Electronic Record and Signature Disclosure, in English and Spanish: what the signing
 * page shows a signer before they agree, and what `GET .../consumer_disclosure` answers, so an
 * integration can show or archive the very text its signers agreed to. `sender` is the name the
 * disclosure speaks for (the envelope's sender on the page, the account for the account's disclosure).
 * No imports: the signing page's bundle reads it as it is.
 */

/** The languages the disclosure is written in. */
export const DISCLOSURE_LANGUAGES = ['en', 'es'] as const
export type DisclosureLanguage = (typeof DISCLOSURE_LANGUAGES)[number]

export interface DisclosureSection {
  heading: string
  text: string
}

/**
 * What an account adds to the disclosure (DocuSign's `consumerDisclosure` fields of the same names, set
 * with `PUT .../consumer_disclosure/{langCode}`): how its signers reach it to change their contact
 * details, ask for paper copies and withdraw their consent. Each is optional; the text says only what
 * is given. Free texts (`changeEmailOther`, `withdrawConsequences`, `withdrawOther`) are shown as
 * written, in the language they were set for.
 */
export interface DisclosureDetails {
  companyName?: string
  companyPhone?: string
  changeEmail?: string
  changeEmailOther?: string
  copyRequestEmail?: string
  /** A decimal amount, e.g. `0.25`: what a page of a paper copy costs. */
  copyCostPerPage?: string
  /** How that fee is paid, in the account's words (e.g. "check or bank transfer"). */
  copyFeeCollectionMethod?: string
  withdrawByEmail?: boolean
  withdrawEmail?: string
  withdrawByPhone?: boolean
  withdrawPhone?: string
  withdrawByMail?: boolean
  withdrawAddressLine1?: string
  withdrawAddressLine2?: string
  withdrawCity?: string
  withdrawState?: string
  withdrawPostalCode?: string
  withdrawConsequences?: string
  withdrawOther?: string
  /**
   * The account's own disclosure, as HTML checked by own-text.ts (DocuSign's `custom: "true"` with its
   * `esignText`): shown instead of this service's text in this language, never borrowed by the other.
   */
  ownText?: string
}

/** The texts of `DisclosureDetails`, by DocuSign's names; the free texts a signer reads as sentences last. */
export const DISCLOSURE_DETAIL_TEXTS = [
  'companyName',
  'companyPhone',
  'changeEmail',
  'copyRequestEmail',
  'copyCostPerPage',
  'copyFeeCollectionMethod',
  'withdrawEmail',
  'withdrawPhone',
  'withdrawAddressLine1',
  'withdrawAddressLine2',
  'withdrawCity',
  'withdrawState',
  'withdrawPostalCode',
  'changeEmailOther',
  'withdrawConsequences',
  'withdrawOther',
] as const satisfies readonly (keyof DisclosureDetails)[]

/** The ways to withdraw besides declining, by DocuSign's names. */
export const DISCLOSURE_WITHDRAWAL_FLAGS = [
  'withdrawByEmail',
  'withdrawByPhone',
  'withdrawByMail',
] as const satisfies readonly (keyof DisclosureDetails)[]

/**
 * The details that read the same in any language: names, addresses, numbers, amounts and the flags. The
 * free texts (`changeEmailOther`, `copyFeeCollectionMethod`, `withdrawConsequences`, `withdrawOther`) are
 * written in one language, so they are not among them.
 */
const LANGUAGE_FREE_DETAILS = [
  'companyName',
  'companyPhone',
  'changeEmail',
  'copyRequestEmail',
  'copyCostPerPage',
  'withdrawByEmail',
  'withdrawEmail',
  'withdrawByPhone',
  'withdrawPhone',
  'withdrawByMail',
  'withdrawAddressLine1',
  'withdrawAddressLine2',
  'withdrawCity',
  'withdrawState',
  'withdrawPostalCode',
] as const satisfies readonly (keyof DisclosureDetails)[]

/**
 * What a signer reading `language` is shown of the account's details: that version's, as the account
 * set it; or, while that version was never set, another version's details that read the same in any
 * language, so a Spanish signer of an account that filled in only English still learns how to reach it
 * (the free texts stay with their language). None when neither version was set.
 */
export function disclosureDetailsIn(
  byLanguage: Partial<Record<DisclosureLanguage, DisclosureDetails>>,
  language: DisclosureLanguage,
): DisclosureDetails | undefined {
  const own = byLanguage[language]
  if (own) return own
  // The first other version set, in the list's order (with two languages, simply the other one).
  const from = DISCLOSURE_LANGUAGES.find((other) => other !== language && byLanguage[other])
  const other = from && byLanguage[from]
  if (!other) return undefined
  const borrowed: Record<string, unknown> = {}
  for (const name of LANGUAGE_FREE_DETAILS) if (other[name] !== undefined) borrowed[name] = other[name]
  return borrowed as DisclosureDetails
}

/** What signers read in each language (`disclosureDetailsIn`); a language with nothing added is left out. */
export function disclosureDetailsShown(
  byLanguage: Partial<Record<DisclosureLanguage, DisclosureDetails>>,
): Partial<Record<DisclosureLanguage, DisclosureDetails>> {
  return Object.fromEntries(
    DISCLOSURE_LANGUAGES.flatMap((language) => {
      const shown = disclosureDetailsIn(byLanguage, language)
      return shown && Object.keys(shown).length > 0 ? [[language, shown]] : []
    }),
  )
}

export interface DisclosureText {
  title: string
  intro: (sender: string) => string
  /** The sections, with what the account added (`details`) in them. */
  sections: (sender: string, details?: DisclosureDetails) => DisclosureSection[]
  /** The sentence the signer ticks. */
  agree: string
}

/** The sentences of `parts` that are given, joined. */
const sentences = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ')

/** The mailing address for withdrawals, on one line. */
function withdrawAddress(details: DisclosureDetails): string | undefined {
  const cityLine = [details.withdrawCity, details.withdrawState, details.withdrawPostalCode]
    .filter(Boolean)
    .join(' ')
  const lines = [details.withdrawAddressLine1, details.withdrawAddressLine2, cityLine].filter(Boolean)
  return lines.length > 0 ? lines.join(', ') : undefined
}

/** The ways to withdraw the account offers besides declining, as DocuSign names them. */
function withdrawalWays(details: DisclosureDetails) {
  return {
    email: details.withdrawByEmail ? details.withdrawEmail : undefined,
    phone: details.withdrawByPhone ? details.withdrawPhone : undefined,
    mail: details.withdrawByMail ? withdrawAddress(details) : undefined,
  }
}

/** "a, b or c" in the language's words. */
function either(items: string[], or: string): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${or} ${items.at(-1)}`
}

const en: DisclosureText = {
  title: 'Agree to use electronic records and signatures',
  intro: (sender) =>
    `${sender} asks you to read this disclosure and agree to it before you review and sign the documents.`,
  sections: (sender, details = {}) => {
    const ways = withdrawalWays(details)
    const others = [
      ways.email && `by email to ${ways.email}`,
      ways.phone && `by phone at ${ways.phone}`,
      ways.mail && `by mail to ${ways.mail}`,
    ].filter((way): way is string => Boolean(way))
    const change = [
      details.changeEmail && `write to ${details.changeEmail}`,
      details.companyPhone && `call ${details.companyPhone}`,
    ].filter((way): way is string => Boolean(way))
    return [
      {
        heading: 'Electronic documents and signatures',
        text: `${sender} gives you the documents of this envelope electronically, and you sign them on this page. Your electronic signature binds you as your handwritten signature would.`,
      },
      {
        heading: 'Paper copies',
        text: sentences(
          `You may ask ${sender} for a paper copy of any document${details.copyRequestEmail ? ` by writing to ${details.copyRequestEmail}` : ''}.`,
          details.copyCostPerPage !== undefined &&
            (Number(details.copyCostPerPage) === 0
              ? 'Paper copies are free.'
              : `Each page costs ${details.copyCostPerPage}${details.copyFeeCollectionMethod ? ` (payment: ${details.copyFeeCollectionMethod})` : ''}.`),
          'When signing is complete you can download the signed documents here, to keep or print them.',
        ),
      },
      {
        heading: 'Withdrawing your consent',
        text: sentences(
          `Until you sign, you may withdraw your consent with Decline to sign${others.length > 0 ? `, or ${either(others, 'or')}` : ''}. ${sender} is told, and this envelope cannot then be signed electronically. Withdrawing does not undo what you signed before.`,
          details.withdrawConsequences,
          details.withdrawOther,
        ),
      },
      ...(change.length > 0 || details.changeEmailOther
        ? [
            {
              heading: 'Keeping your contact details current',
              text: sentences(
                change.length > 0 &&
                  `To change the email address or mobile number ${sender} reaches you at, ${either(change, 'or')}.`,
                details.changeEmailOther,
              ),
            },
          ]
        : []),
      {
        heading: 'What you need',
        text: 'A device with a current web browser, the email address or mobile number the invitation reached, and a way to keep or print PDF documents.',
      },
    ]
  },
  agree: 'I agree to use electronic records and signatures.',
}

const es: DisclosureText = {
  title: 'Acepte usar registros y firmas electrónicos',
  intro: (sender) =>
    `${sender} le pide que lea esta divulgación y la acepte antes de revisar y firmar los documentos.`,
  sections: (sender, details = {}) => {
    const ways = withdrawalWays(details)
    const others = [
      ways.email && `por correo electrónico a ${ways.email}`,
      ways.phone && `por teléfono al ${ways.phone}`,
      ways.mail && `por correo postal a ${ways.mail}`,
    ].filter((way): way is string => Boolean(way))
    const change = [
      details.changeEmail && `escriba a ${details.changeEmail}`,
      details.companyPhone && `llame al ${details.companyPhone}`,
    ].filter((way): way is string => Boolean(way))
    return [
      {
        heading: 'Documentos y firmas electrónicos',
        text: `${sender} le entrega los documentos de este sobre en formato electrónico, y usted los firma en esta página. Su firma electrónica le obliga igual que su firma manuscrita.`,
      },
      {
        heading: 'Copias en papel',
        text: sentences(
          `Puede pedir a ${sender} una copia en papel de cualquier documento${details.copyRequestEmail ? ` escribiendo a ${details.copyRequestEmail}` : ''}.`,
          details.copyCostPerPage !== undefined &&
            (Number(details.copyCostPerPage) === 0
              ? 'Las copias en papel son gratuitas.'
              : `Cada página cuesta ${details.copyCostPerPage}${details.copyFeeCollectionMethod ? ` (pago: ${details.copyFeeCollectionMethod})` : ''}.`),
          'Cuando la firma termine, podrá descargar aquí los documentos firmados para guardarlos o imprimirlos.',
        ),
      },
      {
        heading: 'Retirar su consentimiento',
        text: sentences(
          `Hasta que firme, puede retirar su consentimiento con Rechazar firma${others.length > 0 ? `, o ${either(others, 'o')}` : ''}. Se avisa a ${sender}, y este sobre ya no se podrá firmar electrónicamente. Retirarlo no deshace lo que firmó antes.`,
          details.withdrawConsequences,
          details.withdrawOther,
        ),
      },
      ...(change.length > 0 || details.changeEmailOther
        ? [
            {
              heading: 'Mantener al día sus datos de contacto',
              text: sentences(
                change.length > 0 &&
                  `Para cambiar el correo electrónico o el móvil en que ${sender} le contacta, ${either(change, 'o')}.`,
                details.changeEmailOther,
              ),
            },
          ]
        : []),
      {
        heading: 'Qué necesita',
        text: 'Un dispositivo con un navegador actual, el correo electrónico o el móvil al que llegó la invitación, y una forma de guardar o imprimir documentos PDF.',
      },
    ]
  },
  agree: 'Acepto usar registros y firmas electrónicos.',
}

export const DISCLOSURE_TEXT: Record<DisclosureLanguage, DisclosureText> = { en, es }
