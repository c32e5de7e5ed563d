import { type Static, Type } from '@sinclair/typebox'
import { Digits } from './scalars.js'

/**
 * Documents sent inline as base64 (PDF, or another accepted format the service converts to PDF), and
 * how templates and envelopes list them.
 */

export const MAX_DOCUMENTS = 50
export const MAX_DOCUMENT_NAME_LENGTH = 255

export const Document = Type.Object({
  documentId: Digits('Unique within the request; tabs refer to it.'),
  name: Type.String({ minLength: 1, maxLength: MAX_DOCUMENT_NAME_LENGTH }),
  fileExtension: Type.Optional(
    Type.String({
      description:
        'pdf, docx, doc, odt, rtf, txt, html, htm, xlsx, xls, ods, png, jpg or jpeg (any case); other formats are converted to PDF at upload. Without it, the extension of `name` when accepted, else pdf.',
    }),
  ),
  documentBase64: Type.String({
    description:
      'The document, base64-encoded (standard alphabet, padded). In a multipart request, omitted: a part with this documentid carries the bytes.',
  }),
  order: Type.Optional(Digits('Position among the documents; array order when absent.')),
})
export type Document = Static<typeof Document>

export const TemplateDocumentOutput = Type.Object({
  documentId: Type.String(),
  name: Type.String(),
  fileExtension: Type.String(),
  pages: Type.String(),
  order: Type.String(),
  uri: Type.String(),
})
export type TemplateDocumentOutput = Static<typeof TemplateDocumentOutput>

/** v2.1 (and the SDK's `EnvelopeDocument` model) carries `pages` as an array of Page objects. */
export const Page = Type.Object({ pageId: Type.String(), sequence: Type.String() })

export const EnvelopeDocumentOutput = Type.Object({
  documentId: Type.String(),
  documentIdGuid: Type.String(),
  name: Type.String(),
  type: Type.String(),
  uri: Type.String(),
  order: Type.String(),
  pages: Type.Array(Page),
})
export type EnvelopeDocumentOutput = Static<typeof EnvelopeDocumentOutput>

export const EnvelopeDocumentsOutput = Type.Object({
  envelopeId: Type.String(),
  envelopeDocuments: Type.Array(EnvelopeDocumentOutput),
})
