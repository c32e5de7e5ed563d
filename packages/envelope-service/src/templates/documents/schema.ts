import { Type } from '@sinclair/typebox'
import { Digits, Document } from 'esign-contract'
import type { preValidationHookHandler } from 'fastify'
import { InvalidRequestError } from 'platform'

/**
 * The bodies of the document writes of templates and envelopes: DocuSign's `envelopeDefinition` with only
 * `documents` read. Other top-level fields are refused (400) rather than dropped: these calls change
 * documents and nothing else.
 */

/**
 * Refuses a body field other than `documents` (the validator would drop it, as it drops any undeclared
 * property): a caller sending recipients or a status here expects them to change, and they would not.
 */
export const refusingOtherThanDocuments: preValidationHookHandler = (request, _reply, done) => {
  const body = request.body
  if (typeof body === 'object' && body !== null && !Buffer.isBuffer(body)) {
    const other = Object.entries(body).find(([key, value]) => key !== 'documents' && value != null)
    if (other) {
      return done(
        new InvalidRequestError(
          `${other[0]} cannot be changed by this call, which changes documents only; leave it out`,
        ),
      )
    }
  }
  done()
}

/** `PUT .../documents`: the documents to add or replace, as a create sends them. */
export const DocumentsPutBody = Type.Object({ documents: Type.Array(Document, { minItems: 1 }) })

/** `DELETE .../documents`: the documents to delete, by `documentId` (other document fields are ignored). */
export const DocumentsDeleteBody = Type.Object(
  {
    documents: Type.Array(Type.Object({ documentId: Digits('A document of the envelope or template.') }), {
      minItems: 1,
    }),
  },
  { additionalProperties: false },
)

/** `PUT .../templates/{templateId}/documents/{documentId}` as the SDK sends it: one document, its id optional. */
export const DocumentPutBody = Type.Object({
  documents: Type.Array(
    Type.Composite([
      Type.Omit(Document, ['documentId']),
      Type.Object({ documentId: Type.Optional(Document.properties.documentId) }),
    ]),
    { minItems: 1, maxItems: 1 },
  ),
})

export const DocumentIdParam = Digits('The document to add or replace.')
