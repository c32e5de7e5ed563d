import type { Template, TemplateDocument, TemplateRole } from '../../templates/model.js'

/** In-memory templates for merge tests; ids and blob ids are readable rather than random. */
export function template(
  templateId: string,
  options: {
    documents?: Array<Partial<TemplateDocument> & { documentId: string }>
    roles?: Array<Partial<TemplateRole> & { roleName: string }>
    emailSubject?: string
    emailBlurb?: string
    textCustomFields?: Template['customFields']['textCustomFields']
  } = {},
): Template {
  return {
    templateId,
    accountId: 'account',
    ownerUserId: 'owner',
    name: `Template ${templateId}`,
    description: '',
    shared: false,
    emailSubject: options.emailSubject ?? '',
    emailBlurb: options.emailBlurb ?? '',
    documents: (options.documents ?? []).map((document, index) => ({
      name: `${templateId} document ${document.documentId}`,
      fileExtension: 'pdf',
      pages: 1,
      order: index + 1,
      blobId: `${templateId}-blob-${document.documentId}`,
      ...document,
    })),
    recipients: (options.roles ?? []).map((role, index) => ({
      type: 'signer',
      recipientId: String(index + 1),
      routingOrder: '1',
      tabs: {},
      ...role,
    })),
    customFields: { textCustomFields: options.textCustomFields ?? [], listCustomFields: [] },
    created: '2026-01-01T00:00:00.000Z',
    lastModified: '2026-01-01T00:00:00.000Z',
  }
}

export const templateMap = (...templates: Template[]) =>
  new Map(templates.map((stored) => [stored.templateId, stored]))

/** A signer role with one signHere tab on the given document of its template. */
export const signerRole = (roleName: string, documentId = '1', routingOrder = '1') => ({
  roleName,
  routingOrder,
  tabs: {
    signHereTabs: [{ documentId, pageNumber: '1', xPosition: '100', yPosition: '100', recipientId: '1' }],
  },
})
