import { type Static, Type } from '@sinclair/typebox'
import { Page } from 'esign-contract'
import { templateUri } from '../mapping.js'
import type { TemplateDocument } from '../model.js'

/** DocuSign's `envelopeDocument` as a template's document answers: the SDK reads `pages` as Page arrays. */
export const TemplateEnvelopeDocument = Type.Object({
  documentId: Type.String(),
  name: Type.String(),
  type: Type.String(),
  uri: Type.String(),
  order: Type.String(),
  pages: Type.Array(Page),
})

/** DocuSign's `templateDocumentsResult`. */
export const TemplateDocumentsResult = Type.Object({
  templateId: Type.String(),
  templateDocuments: Type.Array(TemplateEnvelopeDocument),
})

export function toTemplateEnvelopeDocument(
  templateId: string,
  document: TemplateDocument,
): Static<typeof TemplateEnvelopeDocument> {
  return {
    documentId: document.documentId,
    name: document.name,
    type: 'content',
    uri: `${templateUri(templateId)}/documents/${document.documentId}`,
    order: String(document.order),
    pages: Array.from({ length: document.pages }, (_, index) => ({
      pageId: `${templateId}-${document.documentId}-${index + 1}`,
      sequence: String(index + 1),
    })),
  }
}

export function toTemplateDocumentsResult(
  templateId: string,
  documents: readonly TemplateDocument[],
): Static<typeof TemplateDocumentsResult> {
  return {
    templateId,
    templateDocuments: documents.map((document) => toTemplateEnvelopeDocument(templateId, document)),
  }
}
