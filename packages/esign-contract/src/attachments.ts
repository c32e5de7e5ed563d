import { type Static, Type } from '@sinclair/typebox'

/** `attachment`: a file the sender keeps with an envelope. */
export const Attachment = Type.Object({
  attachmentId: Type.Optional(Type.String({ maxLength: 100 })),
  accessControl: Type.Optional(
    Type.String({
      maxLength: 40,
      description: '`sender` (the default); `senderAndAllRecipients` is not supported.',
    }),
  ),
  attachmentType: Type.Optional(Type.String({ maxLength: 20, description: 'The file type, e.g. `pdf`.' })),
  data: Type.Optional(Type.String({ description: 'The file, base64.' })),
  label: Type.Optional(Type.String({ maxLength: 200 })),
  name: Type.Optional(Type.String({ maxLength: 255 })),
  remoteUrl: Type.Optional(
    Type.String({ maxLength: 2000, description: 'Chunked uploads are not supported: a 400.' }),
  ),
})
export type Attachment = Static<typeof Attachment>

/** `envelopeAttachmentsRequest`. */
export const EnvelopeAttachmentsRequest = Type.Object({
  attachments: Type.Array(Attachment, { minItems: 1, maxItems: 100 }),
})
export type EnvelopeAttachmentsRequest = Static<typeof EnvelopeAttachmentsRequest>

/** `envelopeAttachmentsResult`: the attachments without their bytes. */
export const EnvelopeAttachmentsResult = Type.Object({
  attachments: Type.Array(
    Type.Object({
      attachmentId: Type.String(),
      accessControl: Type.String(),
      attachmentType: Type.String(),
      label: Type.String(),
      name: Type.String(),
    }),
  ),
})
export type EnvelopeAttachmentsResult = Static<typeof EnvelopeAttachmentsResult>
