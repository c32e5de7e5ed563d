import { type Static, Type } from '@sinclair/typebox'
import { Digits, EnvelopeRecipients } from 'esign-contract'

/**
 * Wire shapes of `PUT .../envelopes/{envelopeId}/recipients` (DocuSign's `EnvelopeRecipients: update`).
 * A correction names a recipient by `recipientId` and carries only what changes; its fields are the
 * create request's own declarations (esign-contract), so a value valid at creation is valid here.
 * `routingOrder` and `excludedDocuments` are declared so that asking to change them is answered, not
 * silently dropped.
 */

const signer = EnvelopeRecipients.properties.signers.items.properties
const inPerson = EnvelopeRecipients.properties.inPersonSigners.items.properties

const correctionProperties = {
  recipientId: Digits('The recipient to correct, as the envelope numbers it.'),
  routingOrder: signer.routingOrder,
  excludedDocuments: signer.excludedDocuments,
  deliveryMethod: signer.deliveryMethod,
  phoneNumber: signer.phoneNumber,
  additionalNotifications: signer.additionalNotifications,
  accessCode: Type.Optional(
    Type.String({
      maxLength: 50,
      description: 'A new access code (an empty string removes it); also clears a lock after wrong codes.',
    }),
  ),
  identityVerification: signer.identityVerification,
  idCheckConfigurationName: signer.idCheckConfigurationName,
  smsAuthentication: signer.smsAuthentication,
  note: Type.Optional(
    Type.String({
      maxLength: 1000,
      description: 'A new note to the recipient (an empty string removes it).',
    }),
  ),
}

const PersonCorrection = Type.Object({
  ...correctionProperties,
  name: signer.name,
  email: Type.Optional(
    Type.String({ maxLength: 100, description: 'A new address: old signing links stop working.' }),
  ),
})

const InPersonCorrection = Type.Object({
  ...correctionProperties,
  hostName: inPerson.hostName,
  hostEmail: Type.Optional(Type.String({ maxLength: 100 })),
  signerName: inPerson.signerName,
  signerEmail: inPerson.signerEmail,
})

const list = <T extends typeof PersonCorrection | typeof InPersonCorrection>(item: T) =>
  Type.Optional(Type.Array(item, { maxItems: 100 }))

/** DocuSign's `EnvelopeRecipients` as an update body: the four lists this service keeps. */
export const RecipientCorrections = Type.Object({
  signers: list(PersonCorrection),
  carbonCopies: list(PersonCorrection),
  certifiedDeliveries: list(PersonCorrection),
  inPersonSigners: list(InPersonCorrection),
})
export type RecipientCorrections = Static<typeof RecipientCorrections>
export type PersonCorrection = Static<typeof PersonCorrection>
export type InPersonCorrection = Static<typeof InPersonCorrection>

export const CorrectRecipientsQuery = Type.Object({
  resend_envelope: Type.Optional(
    Type.String({
      description: '`true` invites again every corrected recipient whose turn it is, changed address or not.',
    }),
  ),
})

export { RecipientsUpdateSummary } from 'esign-contract'
