import { type Static, Type } from '@sinclair/typebox'
import { CompositeTemplate, MAX_COMPOSITE_TEMPLATES } from './composite-templates.js'
import { CustomFields, CustomFieldsOutput } from './custom-fields.js'
import { Document, EnvelopeDocumentOutput, MAX_DOCUMENTS } from './documents.js'
import { EmailSettings } from './email-settings.js'
import { FixedEnvelopeSettingsInput, FixedEnvelopeSettingsOutput } from './fixed-settings.js'
import { EventNotification, Notification } from './notification.js'
import { AllowReassign } from './reassign.js'
import { EnvelopeRecipients, MAX_RECIPIENTS, RecipientsOutput, TemplateRole } from './recipients.js'
import { BooleanString, Digits, StringEnum } from './scalars.js'
import { Workflow } from './workflow.js'

/**
 * `POST /envelopes`: one of three forms. `compositeTemplates`; or `templateId` + `templateRoles`; or
 * `documents` + `recipients`. Root `customFields` apply to the last two.
 */
export const EnvelopeDefinition = Type.Object({
  status: Type.Optional(StringEnum(['sent', 'created'] as const, { description: 'Defaults to `created`.' })),
  emailSubject: Type.Optional(Type.String({ maxLength: 100 })),
  emailBlurb: Type.Optional(Type.String({ maxLength: 10000 })),
  compositeTemplates: Type.Optional(
    Type.Array(CompositeTemplate, { minItems: 1, maxItems: MAX_COMPOSITE_TEMPLATES }),
  ),
  templateId: Type.Optional(Type.String({ minLength: 1 })),
  templateRoles: Type.Optional(Type.Array(TemplateRole, { maxItems: MAX_RECIPIENTS })),
  documents: Type.Optional(Type.Array(Document, { maxItems: MAX_DOCUMENTS })),
  recipients: Type.Optional(EnvelopeRecipients),
  customFields: Type.Optional(CustomFields),
  notification: Type.Optional(Notification),
  expireEnabled: Type.Optional(
    BooleanString('As `notification.expirations.expireEnabled`, which wins when both are given.'),
  ),
  expireAfter: Type.Optional(Digits('As `notification.expirations.expireAfter`.')),
  emailSettings: Type.Optional(EmailSettings),
  eventNotification: Type.Optional(EventNotification),
  workflow: Type.Optional(Workflow),
  envelopeIdStamping: Type.Optional(
    BooleanString('Prints the envelope id at the top of each completed page; defaults to `true`.'),
  ),
  useDisclosure: Type.Optional(
    BooleanString(
      'Recipients who sign agree to do business electronically (the Electronic Record and Signature Disclosure) before they can sign; not given, the account setting applies (`useConsumerDisclosureWithinAccount` of `PUT /consumer_disclosure`, off until an administrator turns it on).',
    ),
  ),
  enforceSignerVisibility: Type.Optional(
    BooleanString(
      'Recipients never receive the documents of their `excludedDocuments`; defaults to `false`.',
    ),
  ),
  allowReassign: Type.Optional(AllowReassign),
  brandId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        "One of the account's brands; with `templateId`, it replaces the template's brand unless the template locks it (`brandLock`).",
    }),
  ),
  messageLock: Type.Optional(
    BooleanString(
      'The subject and message cannot be changed once stored (a draft keeps them); with a template that sets it, they are its own.',
    ),
  ),
  brandLock: Type.Optional(
    BooleanString('The brand cannot be changed; with a template that sets it, it is its own.'),
  ),
  ...FixedEnvelopeSettingsInput,
})
export type EnvelopeDefinition = Static<typeof EnvelopeDefinition>

/** Response of `POST /envelopes`. */
export const EnvelopeSummary = Type.Object({
  envelopeId: Type.String(),
  uri: Type.String(),
  statusDateTime: Type.String(),
  status: Type.String(),
})
export type EnvelopeSummary = Static<typeof EnvelopeSummary>

/** `GET /envelopes/{envelopeId}`; recipients, documents and custom fields only when `include`d. */
export const Envelope = Type.Object({
  envelopeId: Type.String(),
  status: Type.String(),
  emailSubject: Type.String(),
  emailBlurb: Type.String(),
  createdDateTime: Type.String(),
  sentDateTime: Type.Optional(Type.String()),
  deliveredDateTime: Type.Optional(Type.String()),
  completedDateTime: Type.Optional(Type.String()),
  declinedDateTime: Type.Optional(Type.String()),
  voidedDateTime: Type.Optional(Type.String()),
  voidedReason: Type.Optional(Type.String()),
  statusChangedDateTime: Type.String(),
  lastModifiedDateTime: Type.String(),
  envelopeUri: Type.String(),
  documentsUri: Type.String(),
  recipientsUri: Type.String(),
  customFieldsUri: Type.String(),
  sender: Type.Object({ userId: Type.String(), userName: Type.String(), email: Type.String() }),
  notification: Type.Optional(Notification),
  emailSettings: Type.Optional(EmailSettings),
  eventNotification: Type.Optional(EventNotification),
  recipients: Type.Optional(RecipientsOutput),
  envelopeDocuments: Type.Optional(Type.Array(EnvelopeDocumentOutput)),
  customFields: Type.Optional(CustomFieldsOutput),
  workflow: Type.Optional(Workflow),
  envelopeIdStamping: Type.Optional(Type.String()),
  /** Returned only when the envelope set it, as DocuSign does. */
  useDisclosure: Type.Optional(Type.String()),
  enforceSignerVisibility: Type.Optional(Type.String()),
  allowReassign: Type.Optional(Type.String()),
  brandId: Type.Optional(Type.String()),
  messageLock: Type.Optional(Type.String()),
  brandLock: Type.Optional(Type.String()),
  ...FixedEnvelopeSettingsOutput,
})
export type Envelope = Static<typeof Envelope>

/** `GET /envelopes` (status changes). */
export const EnvelopesInformation = Type.Object({
  resultSetSize: Type.String(),
  totalSetSize: Type.String(),
  startPosition: Type.String(),
  endPosition: Type.String(),
  nextUri: Type.Optional(Type.String()),
  previousUri: Type.Optional(Type.String()),
  envelopes: Type.Array(Envelope),
})
export type EnvelopesInformation = Static<typeof EnvelopesInformation>
