import { type Static, Type } from '@sinclair/typebox'
import { CustomFields, CustomFieldsOutput } from './custom-fields.js'
import { Document, MAX_DOCUMENTS, TemplateDocumentOutput } from './documents.js'
import { EmailSettings } from './email-settings.js'
import { FixedEnvelopeSettingsInput, FixedEnvelopeSettingsOutput } from './fixed-settings.js'
import { Notification } from './notification.js'
import { AllowReassign } from './reassign.js'
import { RecipientsOutput, TemplateRecipients } from './recipients.js'
import { BooleanString, Digits } from './scalars.js'
import { Workflow } from './workflow.js'

/** Templates: the create/update body, the summary returned by writes, the list and the details. */

/**
 * Body of `POST /templates` and `PUT /templates/{templateId}`. On create `name` is required; an update
 * changes only the fields its body contains.
 */
export const TemplateDefinition = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  shared: Type.Optional(BooleanString('Whether every member of the account sees the template.')),
  emailSubject: Type.Optional(Type.String({ maxLength: 100 })),
  emailBlurb: Type.Optional(Type.String({ maxLength: 10000 })),
  documents: Type.Optional(Type.Array(Document, { maxItems: MAX_DOCUMENTS })),
  recipients: Type.Optional(TemplateRecipients),
  customFields: Type.Optional(CustomFields),
  notification: Type.Optional(Notification),
  expireEnabled: Type.Optional(
    BooleanString(
      'As `notification.expirations.expireEnabled`, which wins when both are given; on update, changes the stored expiration and keeps the rest of the stored notification.',
    ),
  ),
  expireAfter: Type.Optional(Digits('As `notification.expirations.expireAfter`, as `expireEnabled` is.')),
  emailSettings: Type.Optional(EmailSettings),
  allowReassign: Type.Optional(AllowReassign),
  brandId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: "One of the account's brands, for the envelopes made from the template.",
    }),
  ),
  workflow: Type.Optional(Workflow),
  messageLock: Type.Optional(
    BooleanString(
      'The envelopes made from the template carry its subject and message (when it has a subject), and senders cannot change them.',
    ),
  ),
  brandLock: Type.Optional(
    BooleanString(
      'The envelopes made from the template carry its brand (when it has one), and senders cannot name another.',
    ),
  ),
  enforceSignerVisibility: Type.Optional(
    BooleanString(
      'Recipients never receive the documents of their `excludedDocuments`, in the envelopes made from the template; defaults to `false`.',
    ),
  ),
  envelopeIdStamping: Type.Optional(
    BooleanString(
      'The envelopes made from the template print their id at the top of each completed page, unless they say otherwise; defaults to `true`.',
    ),
  ),
  useDisclosure: Type.Optional(
    BooleanString(
      'The envelopes made from the template ask their signers to agree to the Electronic Record and Signature Disclosure, unless they say otherwise; not given, the account setting applies (`useConsumerDisclosureWithinAccount` of `PUT /consumer_disclosure`, off until an administrator turns it on).',
    ),
  ),
  ...FixedEnvelopeSettingsInput,
  status: Type.Optional(
    Type.Literal('created', {
      description:
        "Accepted for DocuSign's own template examples, which send it: a template is a definition, never sent, " +
        'so `created` is the only status it has; any other value is a 400.',
    }),
  ),
})
export type TemplateDefinition = Static<typeof TemplateDefinition>

const summaryProperties = {
  templateId: Type.String(),
  uri: Type.String(),
  name: Type.String(),
  shared: Type.String(),
  description: Type.String(),
  created: Type.String(),
  lastModified: Type.String(),
}

/** Response of create, update and delete (DocuSign's TemplateSummary, extended). */
export const TemplateSummary = Type.Object(summaryProperties)
export type TemplateSummary = Static<typeof TemplateSummary>

/**
 * Response of `PUT /templates/{templateId}`: DocuSign's `templateUpdateSummary`. A template is an
 * envelope template to DocuSign, so the summary names it in `envelopeId`.
 */
export const TemplateUpdateSummary = Type.Object({
  envelopeId: Type.String({ description: 'The updated template’s id.' }),
})
export type TemplateUpdateSummary = Static<typeof TemplateUpdateSummary>

export const TemplateListItem = Type.Object({
  ...summaryProperties,
  emailSubject: Type.String(),
  emailBlurb: Type.String(),
  owner: Type.Object({ userId: Type.String() }),
  lastUsed: Type.Optional(Type.String()),
  /** `"true"` when the template fixes its envelopes' subject and message; absent otherwise, as in `GET`. */
  messageLock: Type.Optional(Type.String()),
  /** `"true"` when the template fixes its envelopes' brand; absent otherwise. */
  brandLock: Type.Optional(Type.String()),
})
export type TemplateListItem = Static<typeof TemplateListItem>

/** `GET /templates`. */
export const TemplateList = Type.Object({
  resultSetSize: Type.String(),
  startPosition: Type.String(),
  endPosition: Type.String(),
  totalSetSize: Type.String(),
  nextUri: Type.Optional(Type.String()),
  previousUri: Type.Optional(Type.String()),
  envelopeTemplates: Type.Array(TemplateListItem),
})
export type TemplateList = Static<typeof TemplateList>

/** `GET /templates/{templateId}`. */
export const EnvelopeTemplate = Type.Object({
  ...summaryProperties,
  emailSubject: Type.String(),
  emailBlurb: Type.String(),
  owner: Type.Object({ userId: Type.String() }),
  lastUsed: Type.Optional(Type.String()),
  pageCount: Type.String(),
  documents: Type.Array(TemplateDocumentOutput),
  recipients: RecipientsOutput,
  customFields: CustomFieldsOutput,
  notification: Type.Optional(Notification),
  emailSettings: Type.Optional(EmailSettings),
  allowReassign: Type.Optional(Type.String()),
  brandId: Type.Optional(Type.String()),
  workflow: Type.Optional(Workflow),
  enforceSignerVisibility: Type.Optional(Type.String()),
  messageLock: Type.Optional(Type.String()),
  brandLock: Type.Optional(Type.String()),
  envelopeIdStamping: Type.Optional(Type.String()),
  useDisclosure: Type.Optional(Type.String()),
  ...FixedEnvelopeSettingsOutput,
})
export type EnvelopeTemplate = Static<typeof EnvelopeTemplate>
