import { Type } from '@sinclair/typebox'
import { StringEnum } from './scalars.js'

/**
 * DocuSign envelope and template properties that ask for what this service always does, so that an
 * integration that states them (`enableWetSign: "false"`, `allowMarkup: "false"`, `signingLocation:
 * "online"` are common in DocuSign integrations) works unchanged. Each is accepted with this value only:
 * another value asks for something this service does not do, and is refused with a 400 that names the
 * value it takes, not accepted and then signed another way. Every read answers them, as DocuSign does.
 */
export const FIXED_SIGNING_SETTINGS = {
  /** No printing, signing on paper and uploading the pages: signers sign on the page. */
  enableWetSign: 'false',
  /** Signers cannot change the documents' text; they fill in the fields they were given. */
  allowMarkup: 'false',
  /** The signing page's "Next" takes the signer to the next field they still have to complete. */
  autoNavigation: 'true',
  /** The signing page works on phones. */
  signerCanSignOnMobile: 'true',
  /** Signing happens online; a signer present with a host is an in-person signer, a recipient type. */
  signingLocation: 'online',
} as const

type FixedName = keyof typeof FIXED_SIGNING_SETTINGS

const DESCRIPTIONS: Record<FixedName, string> = {
  enableWetSign:
    'Only `false`: signers sign on the page; printing, signing on paper and uploading the pages is not offered.',
  allowMarkup: "Only `false`: signers fill in their fields and cannot change the documents' text.",
  autoNavigation: "Only `true`: the signing page's Next takes signers to the next field they must complete.",
  signerCanSignOnMobile: 'Only `true`: signers can sign on a phone.',
  signingLocation: 'Only `online`; a signer present with a host is an in-person signer (`inPersonSigners`).',
}

const input = <N extends FixedName>(name: N) =>
  Type.Optional(StringEnum([FIXED_SIGNING_SETTINGS[name]] as const, { description: DESCRIPTIONS[name] }))

/** The properties as a create or update body takes them (an envelope's or a template's). */
export const FixedSigningSettingsInput = {
  enableWetSign: input('enableWetSign'),
  allowMarkup: input('allowMarkup'),
  autoNavigation: input('autoNavigation'),
  signerCanSignOnMobile: input('signerCanSignOnMobile'),
  signingLocation: input('signingLocation'),
}

/** The properties as every read answers them. */
export const FixedSigningSettingsOutput = {
  enableWetSign: Type.Optional(Type.String()),
  allowMarkup: Type.Optional(Type.String()),
  autoNavigation: Type.Optional(Type.String()),
  signerCanSignOnMobile: Type.Optional(Type.String()),
  signingLocation: Type.Optional(Type.String()),
}
