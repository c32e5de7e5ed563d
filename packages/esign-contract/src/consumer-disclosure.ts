import { type Static, Type } from '@sinclair/typebox'

/**
 * DocuSign's `consumerDisclosure`: the Electronic Record and Signature Disclosure, as
 * `GET /accounts/{accountId}/consumer_disclosure[/{langCode}]` and
 * `GET /envelopes/{envelopeId}/recipients/{recipientId}/consumer_disclosure[/{langCode}]` answer it.
 * Every property is a string, as DocuSign's SDKs type them; this service answers the ones below (its
 * disclosure's own text, not DocuSign's default).
 */
export const ConsumerDisclosure = Type.Object({
  accountEsignId: Type.Optional(Type.String({ description: 'The account the disclosure belongs to.' })),
  allowCDWithdraw: Type.Optional(
    Type.String({ description: '`true`: a signer withdraws consent by declining to sign.' }),
  ),
  companyName: Type.Optional(Type.String({ description: 'The name the disclosure speaks for.' })),
  custom: Type.Optional(Type.String({ description: '`false`: the service’s own text.' })),
  enableEsign: Type.Optional(Type.String()),
  esignAgreement: Type.Optional(Type.String({ description: 'The statement a signer agrees to, as HTML.' })),
  esignText: Type.Optional(Type.String({ description: 'The disclosure, as HTML.' })),
  languageCode: Type.Optional(Type.String({ description: '`en` or `es`: the language of the text.' })),
  mustAgreeToEsign: Type.Optional(
    Type.String({ description: '`true`: a signer shown the disclosure must agree before signing.' }),
  ),
  useBrand: Type.Optional(Type.String()),
  useConsumerDisclosureWithinAccount: Type.Optional(
    Type.String({
      description:
        '`false`: the account shows the disclosure only on envelopes that ask for it (`useDisclosure`).',
    }),
  ),
  withdrawByEmail: Type.Optional(Type.String()),
  withdrawByMail: Type.Optional(Type.String()),
  withdrawByPhone: Type.Optional(Type.String()),
})
export type ConsumerDisclosure = Static<typeof ConsumerDisclosure>
