import { FIXED_ENVELOPE_SETTINGS, fixedRecipientSettingsOf, type RecipientList } from 'esign-contract'
import type { RecipientType } from '../tabs/model.js'
import { carriesTabs } from '../tabs/read-tabs.js'
import { numberedFields } from './custom-fields/rules.js'
import { toEmailSettingsOutput } from './email-settings.js'
import type { CustomFields, ListCustomField, Template, TemplateRole, TextCustomField } from './model.js'
import { toNotificationOutput } from './notification.js'
import { recipientSettingsOutput } from './recipient-settings.js'
import type { TemplateListing } from './repository.js'
import type { EnvelopeTemplate, TemplateSummary } from './schema.js'

/** Domain templates to DocuSign wire shapes: every scalar a string, absent fields omitted. */

export const templateUri = (templateId: string) => `/templates/${templateId}`

const flag = (value: boolean) => (value ? 'true' : 'false')

export function toTemplateSummary(template: Template | TemplateListing): TemplateSummary {
  return {
    templateId: template.templateId,
    uri: templateUri(template.templateId),
    name: template.name,
    shared: flag(template.shared),
    description: template.description,
    created: template.created,
    lastModified: template.lastModified,
  }
}

export function toTemplateListItem(listing: TemplateListing) {
  return {
    ...toTemplateSummary(listing),
    emailSubject: listing.emailSubject,
    emailBlurb: listing.emailBlurb,
    owner: { userId: listing.ownerUserId },
    ...lockOutput(listing),
  }
}

/** `messageLock` and `brandLock` as the list and a template's `GET` both return them: only when set. */
function lockOutput(template: { messageLock?: true; brandLock?: true }) {
  return {
    ...(template.messageLock ? { messageLock: 'true' } : {}),
    ...(template.brandLock ? { brandLock: 'true' } : {}),
  }
}

/** The wire list of each recipient type. */
export const RECIPIENT_LIST_OF: Readonly<Record<RecipientType, RecipientList>> = {
  signer: 'signers',
  carbonCopy: 'carbonCopies',
  certifiedDelivery: 'certifiedDeliveries',
  inPersonSigner: 'inPersonSigners',
}

/** Recipients in DocuSign's four lists, each keeping the given order. */
export function byRecipientList<T extends { type: RecipientType }, O>(
  recipients: readonly T[],
  toOutput: (recipient: T) => O,
): Record<RecipientList, O[]> {
  const lists: Record<RecipientList, O[]> = {
    signers: [],
    carbonCopies: [],
    certifiedDeliveries: [],
    inPersonSigners: [],
  }
  for (const recipient of recipients) lists[RECIPIENT_LIST_OF[recipient.type]].push(toOutput(recipient))
  return lists
}

/** Who the recipient is on the wire: `name`/`email`, or for an in-person signer the host and the signer. */
export function personOutput(recipient: Pick<TemplateRole, 'type' | 'name' | 'email' | 'inPerson'>) {
  if (recipient.type !== 'inPersonSigner') {
    return {
      ...(recipient.name !== undefined ? { name: recipient.name } : {}),
      ...(recipient.email !== undefined ? { email: recipient.email } : {}),
    }
  }
  return {
    ...(recipient.name !== undefined ? { hostName: recipient.name } : {}),
    ...(recipient.email !== undefined ? { hostEmail: recipient.email } : {}),
    ...(recipient.inPerson?.signerName !== undefined ? { signerName: recipient.inPerson.signerName } : {}),
    ...(recipient.inPerson?.signerEmail !== undefined ? { signerEmail: recipient.inPerson.signerEmail } : {}),
  }
}

export function toRoleOutput(role: TemplateRole) {
  return {
    recipientId: role.recipientId,
    roleName: role.roleName,
    routingOrder: role.routingOrder,
    recipientType: role.type,
    ...personOutput(role),
    ...(role.deliveryMethod ? { deliveryMethod: role.deliveryMethod } : {}),
    ...recipientSettingsOutput(role),
    ...fixedRecipientSettingsOf(role.type),
    ...(carriesTabs(role.type) ? { tabs: role.tabs } : {}),
  }
}

export function toEnvelopeTemplate(template: Template): EnvelopeTemplate {
  return {
    ...toTemplateSummary(template),
    emailSubject: template.emailSubject,
    emailBlurb: template.emailBlurb,
    owner: { userId: template.ownerUserId },
    pageCount: String(template.documents.reduce((sum, document) => sum + document.pages, 0)),
    documents: template.documents.map((document) => ({
      documentId: document.documentId,
      name: document.name,
      fileExtension: document.fileExtension,
      pages: String(document.pages),
      order: String(document.order),
      uri: `${templateUri(template.templateId)}/documents/${document.documentId}`,
    })),
    recipients: {
      ...byRecipientList(template.recipients, toRoleOutput),
      recipientCount: String(template.recipients.length),
    },
    customFields: customFieldsOutput(template.customFields),
    ...(template.notification ? { notification: toNotificationOutput(template.notification) } : {}),
    ...(template.emailSettings ? { emailSettings: toEmailSettingsOutput(template.emailSettings) } : {}),
    ...(template.allowReassign !== undefined ? { allowReassign: String(template.allowReassign) } : {}),
    ...(template.brandId ? { brandId: template.brandId } : {}),
    ...(template.workflow ? { workflow: template.workflow } : {}),
    ...(template.enforceSignerVisibility ? { enforceSignerVisibility: 'true' } : {}),
    ...lockOutput(template),
    envelopeIdStamping: template.envelopeIdStamping === false ? 'false' : 'true',
    ...(template.useDisclosure !== undefined ? { useDisclosure: String(template.useDisclosure) } : {}),
    ...FIXED_ENVELOPE_SETTINGS,
  }
}

/** A template's custom fields as returned, each with its `fieldId` (numbered when stored without). */
function customFieldsOutput(fields: CustomFields) {
  const numbered = numberedFields<TextCustomField | ListCustomField>([
    ...fields.textCustomFields,
    ...fields.listCustomFields,
  ])
  const common = (field: TextCustomField & { fieldId: string }) => ({
    fieldId: field.fieldId,
    name: field.name,
    value: field.value,
    show: flag(field.show),
    required: flag(field.required),
  })
  return {
    textCustomFields: numbered.slice(0, fields.textCustomFields.length).map(common),
    listCustomFields: (
      numbered.slice(fields.textCustomFields.length) as (ListCustomField & { fieldId: string })[]
    ).map((field) => ({ ...common(field), listItems: [...field.listItems] })),
  }
}
