import { type TOptional, type TString, type TUnsafe, Type } from '@sinclair/typebox'
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

/**
 * A signer's and an in-person signer's settings of the same kind: guided from field to field, no fields
 * of their own making, no offline signing app, no default recipient for fields found in a PDF's form, no
 * signing on paper, no uploaded signature image, and one adopted signature placed at each of the
 * signer's locations (a click each) rather than drawn again.
 */
export const FIXED_SIGNER_SETTINGS = {
  autoNavigation: 'true',
  recipientSuppliesTabs: 'false',
  canSignOffline: 'false',
  defaultRecipient: 'false',
  requireSignOnPaper: 'false',
  requireUploadSignature: 'false',
  signInEachLocation: 'false',
} as const

/**
 * The settings DocuSign gives every emailed recipient (signers, carbon copies, certified deliveries) for
 * an agent recipient's rights over the recipients it names: this service has no agent recipients.
 */
export const FIXED_RECIPIENT_SETTINGS = {
  agentCanEditEmail: 'false',
  agentCanEditName: 'false',
} as const

type FixedName =
  | keyof typeof FIXED_ENVELOPE_SETTINGS
  | keyof typeof FIXED_SIGNER_SETTINGS
  | keyof typeof FIXED_RECIPIENT_SETTINGS

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
  recipientSuppliesTabs: 'the signer completes the fields the sender placed and adds none',
  canSignOffline: 'no offline signing app',
  defaultRecipient: "no recipient takes the fields of a PDF's own form by default",
  requireSignOnPaper: 'the signer signs on the page, not on paper',
  requireUploadSignature: 'the signer draws, types or picks a signature; no image upload is required',
  signInEachLocation: 'the signature adopted once is placed at each location with a click',
  agentCanEditEmail: 'there are no agent recipients to change other recipients’ email',
  agentCanEditName: 'there are no agent recipients to change other recipients’ names',
}

/** Each setting of `values` as a create or update body takes it: that value only. */
function fixedInput<V extends Partial<Record<FixedName, string>>>(values: V) {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      Type.Optional(
        StringEnum([value as string] as const, {
          description: `Only \`${value}\`: ${MEANING[name as FixedName]}.`,
        }),
      ),
    ]),
  ) as { [N in keyof V]: TOptional<TUnsafe<V[N]>> }
}

/** Each setting of `values` as every read answers it. */
function fixedOutput<V extends Partial<Record<FixedName, string>>>(values: V) {
  return Object.fromEntries(Object.keys(values).map((name) => [name, Type.Optional(Type.String())])) as {
    [N in keyof V]: TOptional<TString>
  }
}

/** The envelope settings as a create or update body takes them (an envelope's or a template's). */
export const FixedEnvelopeSettingsInput = fixedInput(FIXED_ENVELOPE_SETTINGS)
/** The envelope settings as every read answers them. */
export const FixedEnvelopeSettingsOutput = fixedOutput(FIXED_ENVELOPE_SETTINGS)

/**
 * Which fixed settings each recipient type takes and answers (DocuSign's type names), the one table the
 * recipient schemas and the reads both follow: in-person signers have no agent-editable person.
 */
const FIXED_BY_RECIPIENT_TYPE = {
  signer: { ...FIXED_RECIPIENT_SETTINGS, ...FIXED_SIGNER_SETTINGS },
  carbonCopy: FIXED_RECIPIENT_SETTINGS,
  certifiedDelivery: FIXED_RECIPIENT_SETTINGS,
  inPersonSigner: FIXED_SIGNER_SETTINGS,
} as const
type FixedRecipientType = keyof typeof FIXED_BY_RECIPIENT_TYPE

/** Each type's settings as a create or update body takes them, built once for every schema that uses them. */
const FIXED_INPUT_BY_RECIPIENT_TYPE = {
  signer: fixedInput(FIXED_BY_RECIPIENT_TYPE.signer),
  carbonCopy: fixedInput(FIXED_BY_RECIPIENT_TYPE.carbonCopy),
  certifiedDelivery: fixedInput(FIXED_BY_RECIPIENT_TYPE.certifiedDelivery),
  inPersonSigner: fixedInput(FIXED_BY_RECIPIENT_TYPE.inPersonSigner),
} satisfies Record<FixedRecipientType, unknown>

/** The fixed settings a recipient of `type` takes in a create or update body. */
export function fixedRecipientSettingsInput<T extends FixedRecipientType>(type: T) {
  return FIXED_INPUT_BY_RECIPIENT_TYPE[type]
}

/** Every recipient fixed setting as a read may answer it (which ones, by type: `fixedRecipientSettingsOf`). */
export const FixedRecipientSettingsOutput = fixedOutput(FIXED_BY_RECIPIENT_TYPE.signer)

/** The fixed settings every read answers for a recipient of `type`. */
export function fixedRecipientSettingsOf(type: string): Partial<Record<FixedName, string>> {
  return Object.hasOwn(FIXED_BY_RECIPIENT_TYPE, type)
    ? FIXED_BY_RECIPIENT_TYPE[type as FixedRecipientType]
    : {}
}
