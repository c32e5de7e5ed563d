import { type Static, Type } from '@sinclair/typebox'
import { StringEnum } from 'platform'

/**
 * Wire shapes of the envelopes API (DocuSign eSignature v2.1 subset). Every DocuSign scalar is a
 * string; bodies are validated without coercion, so `"sequence": 1` is rejected naming the field.
 * Unknown fields are ignored (no `additionalProperties: false`), known fields are strict.
 */

export const MAX_RECIPIENTS = 100
export const MAX_COMPOSITE_TEMPLATES = 100

const Digits = (description: string) => Type.String({ pattern: '^[0-9]{1,9}$', description })
const BooleanString = StringEnum(['true', 'false'] as const)

export const PhoneNumber = Type.Object({
  countryCode: Type.String({ pattern: '^[0-9]{1,4}$', description: 'Digits only, e.g. `1`, `57`.' }),
  number: Type.String({ pattern: '^[0-9]{4,15}$', description: 'Digits only.' }),
})

export const AdditionalNotification = Type.Object({
  secondaryDeliveryMethod: Type.String({ description: '`SMS` (case-insensitive).' }),
  phoneNumber: PhoneNumber,
})

/** Tabs by DocuSign tab type (`signHereTabs`, `textTabs`, ...); each tab is a record of strings. */
export const Tabs = Type.Record(Type.String(), Type.Array(Type.Record(Type.String(), Type.String())))

/** What a recipient and a template role both give about the person, how to reach them and their tabs. */
const recipientPersonProperties = {
  name: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.String({ maxLength: 100, description: 'Required even with SMS delivery.' }),
  deliveryMethod: Type.Optional(
    Type.String({ description: '`email` (default) or `SMS`, case-insensitive.' }),
  ),
  phoneNumber: Type.Optional(PhoneNumber),
  additionalNotifications: Type.Optional(Type.Array(AdditionalNotification)),
  clientUserId: Type.Optional(Type.String({ maxLength: 100 })),
  tabs: Type.Optional(Tabs),
}

export const RecipientInput = Type.Object({
  recipientId: Type.Optional(Digits('Identifier within the envelope; renumbered on merge.')),
  roleName: Type.Optional(Type.String({ maxLength: 100 })),
  routingOrder: Type.Optional(Digits('Signing order, from 1.')),
  ...recipientPersonProperties,
})
export type RecipientInput = Static<typeof RecipientInput>

export const RecipientsInput = Type.Object({
  signers: Type.Optional(Type.Array(RecipientInput, { maxItems: MAX_RECIPIENTS })),
  carbonCopies: Type.Optional(Type.Array(RecipientInput, { maxItems: MAX_RECIPIENTS })),
})
export type RecipientsInput = Static<typeof RecipientsInput>

export const TextCustomField = Type.Object({
  fieldId: Type.Optional(Type.String()),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.Optional(Type.String({ maxLength: 1000 })),
  show: Type.Optional(BooleanString),
  required: Type.Optional(BooleanString),
})

export const ListCustomField = Type.Object({
  fieldId: Type.Optional(Type.String()),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.Optional(Type.String({ maxLength: 1000 })),
  listItems: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }))),
  show: Type.Optional(BooleanString),
  required: Type.Optional(BooleanString),
})

export const CustomFieldsInput = Type.Object({
  textCustomFields: Type.Optional(Type.Array(TextCustomField)),
  listCustomFields: Type.Optional(Type.Array(ListCustomField)),
})
export type CustomFieldsInput = Static<typeof CustomFieldsInput>

export const DocumentInput = Type.Object({
  documentId: Digits('Identifier within the request; the envelope renumbers documents 1..N.'),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  fileExtension: Type.Optional(Type.String({ description: 'Only `pdf` is accepted.' })),
  documentBase64: Type.String({ description: 'The PDF, base64 encoded.' }),
})
export type DocumentInput = Static<typeof DocumentInput>

export const ServerTemplateInput = Type.Object({
  sequence: Digits('Overlay order within the composite template.'),
  templateId: Type.String({ minLength: 1 }),
})

export const InlineTemplateInput = Type.Object({
  sequence: Digits('Overlay order within the composite template.'),
  recipients: Type.Optional(RecipientsInput),
  customFields: Type.Optional(CustomFieldsInput),
  documents: Type.Optional(Type.Array(DocumentInput)),
})
export type InlineTemplateInput = Static<typeof InlineTemplateInput>

export const CompositeTemplateInput = Type.Object({
  compositeTemplateId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  serverTemplates: Type.Optional(Type.Array(ServerTemplateInput)),
  inlineTemplates: Type.Optional(Type.Array(InlineTemplateInput)),
  document: Type.Optional(DocumentInput),
})
export type CompositeTemplateInput = Static<typeof CompositeTemplateInput>

export const TemplateRoleInput = Type.Object({
  roleName: Type.String({ minLength: 1, maxLength: 100 }),
  routingOrder: Type.Optional(Digits('Overrides the role’s routing order.')),
  ...recipientPersonProperties,
})
export type TemplateRoleInput = Static<typeof TemplateRoleInput>

export const EnvelopeDefinitionInput = Type.Object({
  status: Type.Optional(StringEnum(['sent', 'created'] as const, { description: 'Defaults to `created`.' })),
  emailSubject: Type.Optional(Type.String({ maxLength: 100 })),
  emailBlurb: Type.Optional(Type.String({ maxLength: 10000 })),
  compositeTemplates: Type.Optional(
    Type.Array(CompositeTemplateInput, { minItems: 1, maxItems: MAX_COMPOSITE_TEMPLATES }),
  ),
  templateId: Type.Optional(Type.String({ minLength: 1 })),
  templateRoles: Type.Optional(Type.Array(TemplateRoleInput, { maxItems: MAX_RECIPIENTS })),
  documents: Type.Optional(Type.Array(DocumentInput)),
  recipients: Type.Optional(RecipientsInput),
  customFields: Type.Optional(CustomFieldsInput),
})
export type EnvelopeDefinitionInput = Static<typeof EnvelopeDefinitionInput>

export const EnvelopeSummary = Type.Object({
  envelopeId: Type.String(),
  uri: Type.String(),
  statusDateTime: Type.String(),
  status: Type.String(),
})

const TextCustomFieldOutput = Type.Object({
  fieldId: Type.String(),
  name: Type.String(),
  value: Type.String(),
  show: Type.String(),
  required: Type.String(),
})
const ListCustomFieldOutput = Type.Object({
  fieldId: Type.String(),
  name: Type.String(),
  value: Type.String(),
  listItems: Type.Array(Type.String()),
  show: Type.String(),
  required: Type.String(),
})
export const CustomFieldsOutput = Type.Object({
  textCustomFields: Type.Array(TextCustomFieldOutput),
  listCustomFields: Type.Array(ListCustomFieldOutput),
})

export const RecipientOutput = Type.Object({
  recipientId: Type.String(),
  recipientIdGuid: Type.String(),
  recipientType: Type.String(),
  roleName: Type.Optional(Type.String()),
  routingOrder: Type.String(),
  name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  deliveryMethod: Type.String(),
  phoneNumber: Type.Optional(PhoneNumber),
  additionalNotifications: Type.Optional(
    Type.Array(Type.Object({ secondaryDeliveryMethod: Type.String(), phoneNumber: PhoneNumber })),
  ),
  clientUserId: Type.Optional(Type.String()),
  status: Type.String(),
  sentDateTime: Type.Optional(Type.String()),
  tabs: Type.Optional(Tabs),
})

export const RecipientsOutput = Type.Object({
  signers: Type.Array(RecipientOutput),
  carbonCopies: Type.Array(RecipientOutput),
  recipientCount: Type.String(),
  currentRoutingOrder: Type.Optional(Type.String()),
})

/** v2.1 (and the SDK's `EnvelopeDocument` model) carries `pages` as an array of Page objects. */
export const PageOutput = Type.Object({ pageId: Type.String(), sequence: Type.String() })

export const EnvelopeDocumentOutput = Type.Object({
  documentId: Type.String(),
  documentIdGuid: Type.String(),
  name: Type.String(),
  type: Type.String(),
  uri: Type.String(),
  order: Type.String(),
  pages: Type.Array(PageOutput),
})

export const EnvelopeDocumentsOutput = Type.Object({
  envelopeId: Type.String(),
  envelopeDocuments: Type.Array(EnvelopeDocumentOutput),
})

export const EnvelopeOutput = Type.Object({
  envelopeId: Type.String(),
  status: Type.String(),
  emailSubject: Type.String(),
  emailBlurb: Type.String(),
  createdDateTime: Type.String(),
  sentDateTime: Type.Optional(Type.String()),
  statusChangedDateTime: Type.String(),
  lastModifiedDateTime: Type.String(),
  envelopeUri: Type.String(),
  documentsUri: Type.String(),
  recipientsUri: Type.String(),
  customFieldsUri: Type.String(),
  sender: Type.Object({ userId: Type.String(), userName: Type.String(), email: Type.String() }),
  recipients: Type.Optional(RecipientsOutput),
  envelopeDocuments: Type.Optional(Type.Array(EnvelopeDocumentOutput)),
  customFields: Type.Optional(CustomFieldsOutput),
})

export const EnvelopeParams = Type.Object({
  accountId: Type.String(),
  envelopeId: Type.String(),
})

export const EnvelopeDocumentParams = Type.Object({
  accountId: Type.String(),
  envelopeId: Type.String(),
  documentId: Type.String(),
})

export const GetEnvelopeQuery = Type.Object({
  include: Type.Optional(
    Type.String({ description: 'Comma list of `recipients`, `documents`, `custom_fields`.' }),
  ),
})

export const GetRecipientsQuery = Type.Object({
  include_tabs: Type.Optional(Type.String({ description: '`true` to return each recipient’s tabs.' })),
})

export const ListStatusChangesQuery = Type.Object({
  from_date: Type.Optional(Type.String({ description: 'Required unless envelope_ids is given.' })),
  to_date: Type.Optional(Type.String()),
  status: Type.Optional(Type.String({ description: 'Comma list of statuses.' })),
  envelope_ids: Type.Optional(Type.String({ description: 'Comma list of envelope ids.' })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  start_position: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
})
export type ListStatusChangesQuery = Static<typeof ListStatusChangesQuery>

export const EnvelopesInformation = Type.Object({
  resultSetSize: Type.String(),
  totalSetSize: Type.String(),
  startPosition: Type.String(),
  endPosition: Type.String(),
  nextUri: Type.Optional(Type.String()),
  previousUri: Type.Optional(Type.String()),
  envelopes: Type.Array(EnvelopeOutput),
})
