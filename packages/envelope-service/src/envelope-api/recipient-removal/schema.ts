import { type Static, Type } from '@sinclair/typebox'

/** A recipient named for deletion: DocuSign reads only its `recipientId` (the rest of the recipient is ignored). */
const NamedRecipient = Type.Object({ recipientId: Type.String({ minLength: 1, maxLength: 100 }) })
const list = Type.Optional(Type.Array(NamedRecipient, { maxItems: 100 }))

/** DocuSign's `recipients` as the body of `DELETE .../recipients`: the four lists this service keeps. */
export const RecipientsToDelete = Type.Object({
  signers: list,
  carbonCopies: list,
  certifiedDeliveries: list,
  inPersonSigners: list,
})
export type RecipientsToDelete = Static<typeof RecipientsToDelete>

export function namedRecipientIds(body: RecipientsToDelete): string[] {
  return [
    ...(body.signers ?? []),
    ...(body.carbonCopies ?? []),
    ...(body.certifiedDeliveries ?? []),
    ...(body.inPersonSigners ?? []),
  ].map((recipient) => recipient.recipientId)
}
