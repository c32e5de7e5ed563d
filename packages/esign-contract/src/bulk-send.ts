import { type Static, Type } from '@sinclair/typebox'

/**
 * DocuSign's v2.1 Bulk Send shapes (`BulkEnvelopesApi`): a list of copies, each one envelope made from
 * a template with that copy's recipients, tab values, custom fields and email text. The input shapes
 * name only what the service acts on; other DocuSign properties are refused by the service with a 400
 * that names them (envelope service README, "Bulk send").
 */

export const MAX_BULK_COPIES = 1000

export const BulkSendingCopyTab = Type.Object({
  tabLabel: Type.String({ minLength: 1, maxLength: 500 }),
  initialValue: Type.Optional(Type.String({ maxLength: 4000 })),
})
export type BulkSendingCopyTab = Static<typeof BulkSendingCopyTab>

export const BulkSendingCopyRecipient = Type.Object({
  roleName: Type.Optional(
    Type.String({ maxLength: 100, description: 'The template role this person fills.' }),
  ),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.Optional(Type.String({ maxLength: 100 })),
  clientUserId: Type.Optional(Type.String({ maxLength: 100 })),
  accessCode: Type.Optional(Type.String({ maxLength: 50 })),
  tabs: Type.Optional(Type.Array(BulkSendingCopyTab, { maxItems: 200 })),
})
export type BulkSendingCopyRecipient = Static<typeof BulkSendingCopyRecipient>

export const BulkSendingCopyCustomField = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.Optional(Type.String({ maxLength: 4000 })),
})
export type BulkSendingCopyCustomField = Static<typeof BulkSendingCopyCustomField>

export const BulkSendingCopy = Type.Object({
  recipients: Type.Array(BulkSendingCopyRecipient, { minItems: 1, maxItems: 100 }),
  customFields: Type.Optional(Type.Array(BulkSendingCopyCustomField, { maxItems: 100 })),
  emailSubject: Type.Optional(Type.String({ maxLength: 100 })),
  emailBlurb: Type.Optional(Type.String({ maxLength: 10000 })),
})
export type BulkSendingCopy = Static<typeof BulkSendingCopy>

/** `POST`/`PUT .../bulk_send_lists`: `listId` is ignored on input (the path or the service names it). */
export const BulkSendingList = Type.Object({
  listId: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  bulkCopies: Type.Array(BulkSendingCopy, { minItems: 1, maxItems: MAX_BULK_COPIES }),
})
export type BulkSendingList = Static<typeof BulkSendingList>

export const BulkSendingListOutput = Type.Object({
  listId: Type.String(),
  name: Type.String(),
  bulkCopies: Type.Array(BulkSendingCopy),
})
export type BulkSendingListOutput = Static<typeof BulkSendingListOutput>

export const BulkSendingListSummaries = Type.Object({
  bulkListSummaries: Type.Array(
    Type.Object({
      bulkSendListId: Type.String(),
      name: Type.String(),
      createdByUser: Type.String(),
      createdDate: Type.String(),
    }),
  ),
})
export type BulkSendingListSummaries = Static<typeof BulkSendingListSummaries>

export const BulkSendRequest = Type.Object({
  envelopeOrTemplateId: Type.String({ minLength: 1, maxLength: 100 }),
  batchName: Type.Optional(Type.String({ maxLength: 100 })),
})
export type BulkSendRequest = Static<typeof BulkSendRequest>

export const BulkSendResponse = Type.Object({
  batchId: Type.String(),
  batchName: Type.String(),
  batchSize: Type.String(),
  envelopeOrTemplateId: Type.String(),
  queueLimit: Type.String(),
  totalQueued: Type.String(),
  errors: Type.Array(Type.String()),
  errorDetails: Type.Array(Type.String()),
})
export type BulkSendResponse = Static<typeof BulkSendResponse>

export const BulkSendTestResponse = Type.Object({
  canBeSent: Type.Boolean(),
  validationErrors: Type.Array(Type.String()),
  validationErrorDetails: Type.Array(Type.String()),
})
export type BulkSendTestResponse = Static<typeof BulkSendTestResponse>

export const BulkSendErrorStatus = Type.Object({
  created: Type.String(),
  errorMessage: Type.String(),
  recipientEmails: Type.Array(Type.String()),
})

export const BulkSendBatchStatus = Type.Object({
  batchId: Type.String(),
  batchName: Type.String(),
  batchSize: Type.String(),
  envelopeIdOrTemplateId: Type.String(),
  mailingListId: Type.String(),
  envelopesUri: Type.String(),
  senderUserId: Type.String(),
  ownerUserId: Type.String(),
  submittedDate: Type.String(),
  queued: Type.String(),
  sent: Type.String(),
  failed: Type.String(),
  bulkErrors: Type.Array(BulkSendErrorStatus),
})
export type BulkSendBatchStatus = Static<typeof BulkSendBatchStatus>

export const BulkSendBatchSummary = Type.Object({
  batchId: Type.String(),
  batchName: Type.String(),
  batchSize: Type.String(),
  batchUri: Type.String(),
  submittedDate: Type.String(),
  queued: Type.String(),
  sent: Type.String(),
  failed: Type.String(),
})

export const BulkSendBatchSummaries = Type.Object({
  batchSizeLimit: Type.String(),
  queueLimit: Type.String(),
  totalQueued: Type.String(),
  resultSetSize: Type.String(),
  totalSetSize: Type.String(),
  startPosition: Type.String(),
  endPosition: Type.String(),
  bulkBatchSummaries: Type.Array(BulkSendBatchSummary),
})
export type BulkSendBatchSummaries = Static<typeof BulkSendBatchSummaries>

/** `PUT .../bulk_send_batch/{id}`: renames the batch. */
export const BulkSendBatchRequest = Type.Object({ batchName: Type.String({ minLength: 1, maxLength: 100 }) })

/** `PUT .../bulk_send_batch/{id}/{bulkAction}`: `voidReason` for `void`. */
export const BulkSendBatchActionRequest = Type.Object({
  action: Type.Optional(Type.String({ maxLength: 20, description: 'The same as the path’s `bulkAction`.' })),
  voidReason: Type.Optional(Type.String({ maxLength: 1000 })),
})
export type BulkSendBatchActionRequest = Static<typeof BulkSendBatchActionRequest>
