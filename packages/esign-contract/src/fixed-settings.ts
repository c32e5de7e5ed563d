import { Type } from '@sinclair/typebox'
import { StringEnum } from './scalars.js'

/**
 * DocuSign envelope and template settings that ask for what this service always does, so that an
 * integration that states them (`enableWetSign: "false"`, `allowMarkup: "false"`, `signingLocation:
 * "online"` are common in DocuSign integrations, and a template exported from DocuSign carries most of
 * them) works unchanged. Each is accepted with this value only: another value asks for something this
 * service does not do, and is refused with a 400 that names the value it takes, not accepted and then
 * acted on otherwise. Every read answers them, as DocuSign's do.
 */
export const FIXED_ENVELOPE_SETTINGS = {
  enableWetSign: 'false',
  allowMarkup: 'false',
  autoNavigation: 'true',
  signerCanSignOnMobile: 'true',
  signingLocation: 'online',
  allowComments: 'false',
  allowViewHistory: 'false',
  authoritativeCopy: 'false',
  disableResponsiveDocument: 'true',
  is21CFRPart11: 'false',
  isSignatureProviderEnvelope: 'false',
} as const

type FixedName = keyof typeof FIXED_ENVELOPE_SETTINGS

/** What each value means here, for the OpenAPI document. */
const MEANING: Record<FixedName, string> = {
  enableWetSign:
    'signers sign on the page; printing, signing on paper and uploading the pages is not offered',
  allowMarkup: "signers fill in their fields and cannot change the documents' text",
  autoNavigation: "the signing page's Next takes signers to the next field they must complete",
  signerCanSignOnMobile: 'signers can sign on a phone',
  signingLocation: 'a signer present with a host is an in-person signer (`inPersonSigners`)',
  allowComments: 'the signing page has no comments',
  allowViewHistory: "signers do not see the envelope's history",
  authoritativeCopy: 'the documents are not held as authoritative copies (no eOriginal vault)',
  disableResponsiveDocument: 'documents are shown as their PDF pages, never reflowed as HTML',
  is21CFRPart11: 'no FDA 21 CFR Part 11 signing (no signature meaning or re-authentication per signature)',
  isSignatureProviderEnvelope: 'no standards-based (certificate provider) signatures',
}

const input = (name: FixedName) =>
  Type.Optional(
    StringEnum([FIXED_ENVELOPE_SETTINGS[name]] as const, {
      description: `Only \`${FIXED_ENVELOPE_SETTINGS[name]}\`: ${MEANING[name]}.`,
    }),
  )

const each = <T>(make: (name: FixedName) => T) =>
  Object.fromEntries(
    Object.keys(FIXED_ENVELOPE_SETTINGS).map((name) => [name, make(name as FixedName)]),
  ) as Record<FixedName, T>

/** The settings as a create or update body takes them (an envelope's or a template's). */
export const FixedEnvelopeSettingsInput = each(input)

/** The settings as every read answers them. */
export const FixedEnvelopeSettingsOutput = each(() => Type.Optional(Type.String()))
