import type { Template, TemplateRole } from './model.js'
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
    owner: { userId: listing.ownerUserId },
  }
}

function toRole(role: TemplateRole) {
  return {
    recipientId: role.recipientId,
    roleName: role.roleName,
    routingOrder: role.routingOrder,
    recipientType: role.type,
    ...(role.name !== undefined ? { name: role.name } : {}),
    ...(role.email !== undefined ? { email: role.email } : {}),
  }
}

export function toEnvelopeTemplate(template: Template): EnvelopeTemplate {
  const signers = template.recipients.filter((role) => role.type === 'signer')
  const carbonCopies = template.recipients.filter((role) => role.type === 'carbonCopy')
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
      signers: signers.map((role) => ({ ...toRole(role), tabs: role.tabs })),
      carbonCopies: carbonCopies.map(toRole),
      recipientCount: String(template.recipients.length),
    },
    customFields: {
      textCustomFields: template.customFields.textCustomFields.map((field) => ({
        name: field.name,
        value: field.value,
        show: flag(field.show),
        required: flag(field.required),
      })),
      listCustomFields: template.customFields.listCustomFields.map((field) => ({
        name: field.name,
        value: field.value,
        listItems: [...field.listItems],
        show: flag(field.show),
        required: flag(field.required),
      })),
    },
  }
}
