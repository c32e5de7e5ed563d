import { type Static, Type } from '@sinclair/typebox'
import { StringEnum } from 'platform'
import { DOCUMENT_LIMITS } from '../documents/pdf.js'

/**
 * Wire shapes of templates, as DocuSign's eSignature REST API v2.1 carries them: every scalar is a
 * string (`"3"`, `"true"`), absent fields are omitted, never null. Unknown fields are ignored.
 */

const Digits = (description: string) => Type.String({ pattern: '^[0-9]{1,9}$', description })
const BoolString = (description: string) => StringEnum(['true', 'false'], { description })
const DecimalString = (description: string) =>
  Type.String({ pattern: '^-?[0-9]{1,9}(\\.[0-9]{1,6})?$', description })

/** Tab types a template may carry; each is an array of tabs of that type. */
export const TAB_TYPES = [
  'signHereTabs',
  'initialHereTabs',
  'dateSignedTabs',
  'fullNameTabs',
  'firstNameTabs',
  'lastNameTabs',
  'emailAddressTabs',
  'companyTabs',
  'titleTabs',
  'textTabs',
  'numberTabs',
  'dateTabs',
  'checkboxTabs',
  'noteTabs',
] as const

export const MAX_TABS_PER_TYPE = 500

/**
 * One tab. The fields below are checked; other string fields (DocuSign has many) are kept as given
 * and returned unchanged, other non-string fields are ignored.
 */
export const Tab = Type.Object(
  {
    documentId: Type.Optional(Digits('A documentId of the template.')),
    pageNumber: Type.Optional(Digits('Page of the document, from 1.')),
    xPosition: Type.Optional(DecimalString('Horizontal position in pixels from the left.')),
    yPosition: Type.Optional(DecimalString('Vertical position in pixels from the top.')),
    anchorString: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    anchorXOffset: Type.Optional(DecimalString('Horizontal offset from the anchor.')),
    anchorYOffset: Type.Optional(DecimalString('Vertical offset from the anchor.')),
    anchorUnits: Type.Optional(StringEnum(['pixels', 'inches', 'mms', 'cms'])),
    anchorIgnoreIfNotPresent: Type.Optional(BoolString('Skip the tab when the anchor is absent.')),
    anchorCaseSensitive: Type.Optional(BoolString('Match the anchor case-sensitively.')),
    anchorMatchWholeWord: Type.Optional(BoolString('Match the anchor as a whole word.')),
    tabLabel: Type.Optional(Type.String({ maxLength: 500 })),
    name: Type.Optional(Type.String({ maxLength: 500 })),
    value: Type.Optional(Type.String({ maxLength: 4000 })),
    required: Type.Optional(BoolString('Whether the recipient must fill the tab.')),
    locked: Type.Optional(BoolString('Whether the recipient may change the value.')),
    optional: Type.Optional(BoolString('Whether signing this tab is optional.')),
    width: Type.Optional(DecimalString('Width in pixels.')),
    height: Type.Optional(DecimalString('Height in pixels.')),
    fontSize: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: true },
)

export const Tabs = Type.Object(
  Object.fromEntries(
    TAB_TYPES.map((type) => [type, Type.Optional(Type.Array(Tab, { maxItems: MAX_TABS_PER_TYPE }))]),
  ),
)

const RoleFields = {
  recipientId: Digits('Unique within the template.'),
  roleName: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'Matched case-sensitively by envelopes.',
  }),
  routingOrder: Type.Optional(Digits('Signing order; defaults to "1".')),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.Optional(Type.String({ maxLength: 100 })),
}

export const SignerInput = Type.Object({ ...RoleFields, tabs: Type.Optional(Tabs) })
export const CarbonCopyInput = Type.Object(RoleFields)

export const TextCustomField = Type.Object({
  fieldId: Type.Optional(Type.String({ maxLength: 50 })),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.Optional(Type.String({ maxLength: 4000 })),
  show: Type.Optional(BoolString('Whether recipients see the field.')),
  required: Type.Optional(BoolString('Whether the sender must fill the field.')),
})

export const ListCustomField = Type.Object({
  fieldId: Type.Optional(Type.String({ maxLength: 50 })),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.Optional(Type.String({ maxLength: 4000 })),
  listItems: Type.Optional(Type.Array(Type.String({ maxLength: 500 }), { maxItems: 200 })),
  show: Type.Optional(BoolString('Whether recipients see the field.')),
  required: Type.Optional(BoolString('Whether the sender must fill the field.')),
})

export const CustomFieldsInput = Type.Object({
  textCustomFields: Type.Optional(Type.Array(TextCustomField, { maxItems: 100 })),
  listCustomFields: Type.Optional(Type.Array(ListCustomField, { maxItems: 100 })),
})

export const DocumentInput = Type.Object({
  documentId: Digits('Unique within the template; tabs refer to it.'),
  name: Type.String({ minLength: 1, maxLength: DOCUMENT_LIMITS.maxNameLength }),
  fileExtension: Type.Optional(Type.String({ description: 'Only "pdf" is accepted.' })),
  documentBase64: Type.String({ description: 'The PDF, base64-encoded (standard alphabet, padded).' }),
  order: Type.Optional(Digits('Position among the documents; array order when absent.')),
})

export const MAX_RECIPIENTS = 100

/** Body of `POST /templates` and `PUT /templates/{templateId}`. */
export const TemplateInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  shared: Type.Optional(BoolString('Whether every member of the account sees the template.')),
  emailSubject: Type.Optional(Type.String({ maxLength: 100 })),
  emailBlurb: Type.Optional(Type.String({ maxLength: 10000 })),
  documents: Type.Optional(Type.Array(DocumentInput, { maxItems: DOCUMENT_LIMITS.maxDocuments })),
  recipients: Type.Optional(
    Type.Object({
      signers: Type.Optional(Type.Array(SignerInput, { maxItems: MAX_RECIPIENTS })),
      carbonCopies: Type.Optional(Type.Array(CarbonCopyInput, { maxItems: MAX_RECIPIENTS })),
    }),
  ),
  customFields: Type.Optional(CustomFieldsInput),
})
export type TemplateInput = Static<typeof TemplateInput>

/* ---------- responses ---------- */

const StringRecord = Type.Record(Type.String(), Type.String())
const TabsOutput = Type.Record(Type.String(), Type.Array(StringRecord))

const RoleOutputFields = {
  recipientId: Type.String(),
  roleName: Type.String(),
  routingOrder: Type.String(),
  recipientType: Type.String(),
  name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
}

export const SignerOutput = Type.Object({ ...RoleOutputFields, tabs: Type.Optional(TabsOutput) })
export const CarbonCopyOutput = Type.Object(RoleOutputFields)

export const CustomFieldsOutput = Type.Object({
  textCustomFields: Type.Array(
    Type.Object({ name: Type.String(), value: Type.String(), show: Type.String(), required: Type.String() }),
  ),
  listCustomFields: Type.Array(
    Type.Object({
      name: Type.String(),
      value: Type.String(),
      listItems: Type.Array(Type.String()),
      show: Type.String(),
      required: Type.String(),
    }),
  ),
})

export const TemplateDocumentOutput = Type.Object({
  documentId: Type.String(),
  name: Type.String(),
  fileExtension: Type.String(),
  pages: Type.String(),
  order: Type.String(),
  uri: Type.String(),
})

const SummaryFields = {
  templateId: Type.String(),
  uri: Type.String(),
  name: Type.String(),
  shared: Type.String(),
  description: Type.String(),
  created: Type.String(),
  lastModified: Type.String(),
}

/** Response of create, replace and delete (DocuSign's TemplateSummary, extended). */
export const TemplateSummary = Type.Object(SummaryFields)
export type TemplateSummary = Static<typeof TemplateSummary>

export const TemplateListItem = Type.Object({
  ...SummaryFields,
  emailSubject: Type.String(),
  owner: Type.Object({ userId: Type.String() }),
})

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

export const EnvelopeTemplate = Type.Object({
  ...SummaryFields,
  emailSubject: Type.String(),
  emailBlurb: Type.String(),
  owner: Type.Object({ userId: Type.String() }),
  pageCount: Type.String(),
  documents: Type.Array(TemplateDocumentOutput),
  recipients: Type.Object({
    signers: Type.Array(SignerOutput),
    carbonCopies: Type.Array(CarbonCopyOutput),
    recipientCount: Type.String(),
  }),
  customFields: CustomFieldsOutput,
})
export type EnvelopeTemplate = Static<typeof EnvelopeTemplate>

export const TemplateListQuery = Type.Object({
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100 })),
  start_position: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  order: Type.Optional(Type.String({ maxLength: 20 })),
  order_by: Type.Optional(Type.String({ maxLength: 20 })),
  search_text: Type.Optional(Type.String({ maxLength: 100 })),
})
export type TemplateListQuery = Static<typeof TemplateListQuery>
