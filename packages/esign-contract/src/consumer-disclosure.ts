import { type Static, Type } from '@sinclair/typebox'

/**
 * DocuSign's `consumerDisclosure`: the Electronic Record and Signature Disclosure, as
 * `GET /accounts/{accountId}/consumer_disclosure[/{langCode}]` and
 * `GET /envelopes/{envelopeId}/recipients/{recipientId}/consumer_disclosure[/{langCode}]` answer it.
 * Every property is a string, as DocuSign's SDKs type them; this service answers the ones below (its
 * disclosure's own text, not DocuSign's default, with the account's contact details in it, or the
 * account's own text). `PUT /accounts/{accountId}/consumer_disclosure/{langCode}` takes the same object
 * (`ConsumerDisclosureUpdate`): the contact details and the account's own text (`custom`, `esignText`)
 * change, the rest may only be sent back as read.
 */
export const ConsumerDisclosure = Type.Object({
  accountEsignId: Type.Optional(Type.String({ description: 'The account the disclosure belongs to.' })),
  allowCDWithdraw: Type.Optional(
    Type.String({ description: '`true`: a signer withdraws consent by declining to sign.' }),
  ),
  companyName: Type.Optional(
    Type.String({
      description:
        'The name the disclosure speaks for: the account’s own when set, else the account’s name (the envelope sender’s for a recipient).',
    }),
  ),
  companyPhone: Type.Optional(
    Type.String({ description: 'A number signers call to change their contact details.' }),
  ),
  changeEmail: Type.Optional(
    Type.String({ description: 'An address signers write to to change their contact details.' }),
  ),
  changeEmailOther: Type.Optional(
    Type.String({ description: 'More on changing contact details, as the account words it.' }),
  ),
  copyRequestEmail: Type.Optional(
    Type.String({ description: 'An address signers write to for paper copies.' }),
  ),
  copyCostPerPage: Type.Optional(
    Type.String({ description: 'What a page of a paper copy costs, e.g. `0.25` (`0`: free).' }),
  ),
  copyFeeCollectionMethod: Type.Optional(
    Type.String({ description: 'How that fee is paid, in the account’s words.' }),
  ),
  custom: Type.Optional(
    Type.String({
      description:
        '`true`: the account’s own text (`esignText`) for this language; `false`: the service’s text, with the account’s contact details in it.',
    }),
  ),
  enableEsign: Type.Optional(Type.String()),
  esignAgreement: Type.Optional(Type.String({ description: 'The statement a signer agrees to, as HTML.' })),
  esignText: Type.Optional(
    Type.String({
      description:
        'The disclosure, as HTML. With `custom: "true"`, the account’s own: formatting (headings, paragraphs, lists, tables, emphasis) and links to https, http, mailto and tel addresses only; anything else is refused with a 400 naming it.',
    }),
  ),
  languageCode: Type.Optional(Type.String({ description: '`en` or `es`: the language of the text.' })),
  mustAgreeToEsign: Type.Optional(
    Type.String({ description: '`true`: a signer shown the disclosure must agree before signing.' }),
  ),
  useBrand: Type.Optional(Type.String()),
  useConsumerDisclosureWithinAccount: Type.Optional(
    Type.String({
      description:
        '`true`: the account shows the disclosure on every envelope that does not say (`useDisclosure`); `false` (the default): only on envelopes that ask. One setting for the account, whichever `langCode` sets it.',
    }),
  ),
  withdrawByEmail: Type.Optional(
    Type.String({ description: '`true`: signers may also withdraw by writing to `withdrawEmail`.' }),
  ),
  withdrawByMail: Type.Optional(
    Type.String({
      description: '`true`: signers may also withdraw by mail, to the `withdrawAddress...` given.',
    }),
  ),
  withdrawByPhone: Type.Optional(
    Type.String({ description: '`true`: signers may also withdraw by calling `withdrawPhone`.' }),
  ),
  withdrawEmail: Type.Optional(Type.String()),
  withdrawPhone: Type.Optional(Type.String()),
  withdrawAddressLine1: Type.Optional(Type.String()),
  withdrawAddressLine2: Type.Optional(Type.String()),
  withdrawCity: Type.Optional(Type.String()),
  withdrawState: Type.Optional(Type.String()),
  withdrawPostalCode: Type.Optional(Type.String()),
  withdrawConsequences: Type.Optional(
    Type.String({ description: 'What withdrawing means, in the account’s words.' }),
  ),
  withdrawOther: Type.Optional(
    Type.String({ description: 'Anything else about withdrawing, in the account’s words.' }),
  ),
})
export type ConsumerDisclosure = Static<typeof ConsumerDisclosure>

/**
 * The body of `PUT /consumer_disclosure/{langCode}`: `ConsumerDisclosure`, plus DocuSign's `pdfId` and its
 * two read-only metadata objects, declared so that a client sending them hears why they are refused.
 * Names that are not DocuSign's are ignored, as DocuSign ignores them.
 */
export const ConsumerDisclosureUpdate = Type.Composite([
  ConsumerDisclosure,
  Type.Object({
    pdfId: Type.Optional(Type.String()),
    allowCDWithdrawMetadata: Type.Optional(Type.Unknown()),
    useConsumerDisclosureWithinAccountMetadata: Type.Optional(Type.Unknown()),
  }),
])
export type ConsumerDisclosureUpdate = Static<typeof ConsumerDisclosureUpdate>
