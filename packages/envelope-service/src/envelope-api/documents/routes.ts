import { Type } from '@sinclair/typebox'
import { EnvelopeDocumentOutput, EnvelopeDocumentsOutput, ErrorDetails } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { acceptRawDocumentBodies, rawUploadOf } from '../../documents/raw-upload/parser.js'
import { toDocumentOutput } from '../../envelopes/mapping.js'
import { EnvelopeParams } from '../../envelopes/schema.js'
import { documentsOf } from '../../envelopes/service.js'
import { requirePermission } from '../../rest/account-scope.js'
import { refuseUnsupportedInEnvelope, refusingUnsupported } from '../../rest/unsupported-properties.js'
import {
  DocumentIdParam,
  DocumentsDeleteBody,
  DocumentsPutBody,
  refusingOtherThanDocuments,
} from '../../templates/documents/schema.js'
import { uploadDocuments, uploadRawDocument } from '../../templates/documents/upload.js'
import { checkEnvelopeDocumentsWritable, deleteEnvelopeDocuments, putEnvelopeDocuments } from './service.js'

const ErrorBody = ErrorDetails
const common = { tags: ['Envelopes'], security: [{ bearer: [] }] }
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const DocumentParams = Type.Composite([EnvelopeParams, Type.Object({ documentId: DocumentIdParam })])
const rules =
  'On a draft only (else 400 `ENVELOPE_INVALID_STATUS`). Documents in any accepted format are converted ' +
  'to PDF as at create. A document with the `documentId` of one already there replaces it and keeps its ' +
  'place; tabs on a deleted document are deleted with it; anchor tabs are found again when the envelope is signed.'

/**
 * `PUT`/`DELETE /envelopes/{envelopeId}/documents` and `PUT /envelopes/{envelopeId}/documents/{documentId}`
 * (service.ts), in their own scope: the single-document PUT takes the document's bytes as the body.
 */
export async function envelopeDocumentRoutes(app: App, ctx: ServiceContext) {
  await app.register(async (scope: App) => {
    acceptRawDocumentBodies(scope)
    const preHandler = requirePermission('send_envelopes')

    scope.put(
      '/envelopes/:envelopeId/documents',
      {
        preHandler,
        preValidation: [refusingOtherThanDocuments, refusingUnsupported(refuseUnsupportedInEnvelope)],
        schema: {
          ...common,
          summary: 'Add documents to a draft envelope, or replace those with the same documentId',
          description: rules,
          params: EnvelopeParams,
          body: DocumentsPutBody,
          response: { 200: EnvelopeDocumentsOutput, ...errors },
        },
      },
      async (request) => {
        const { envelopeId } = request.params
        await checkEnvelopeDocumentsWritable(ctx, request.principal, envelopeId)
        const puts = await uploadDocuments(ctx.db, ctx.documentConverter, request.body.documents, ctx.now())
        const documents = await putEnvelopeDocuments(ctx, request.principal, envelopeId, puts)
        return {
          envelopeId,
          envelopeDocuments: documents.map((document) => toDocumentOutput(envelopeId, document)),
        }
      },
    )

    scope.put(
      '/envelopes/:envelopeId/documents/:documentId',
      {
        preHandler,
        schema: {
          ...common,
          summary: 'Add or replace one document of a draft envelope, sent as the body (its bytes)',
          description:
            `${rules} The body is the document itself: \`Content-Type\` names its format ` +
            '(the SDK always sends `application/pdf`; a body that is not a PDF is then read by its name), ' +
            'or `application/octet-stream` with `Content-Disposition: file; filename="offer.docx"` ' +
            '(and optionally `fileExtension=docx`). A replaced document keeps its name unless a file name is given.',
          params: DocumentParams,
          response: { 200: EnvelopeDocumentOutput, ...errors },
        },
      },
      async (request) => {
        const { envelopeId, documentId } = request.params
        await checkEnvelopeDocumentsWritable(ctx, request.principal, envelopeId)
        const existing = (await documentsOf(ctx.db, envelopeId)).find(
          (document) => document.documentId === documentId,
        )
        const put = await uploadRawDocument(ctx.db, ctx.documentConverter, ctx.now(), {
          ...rawUploadOf(request),
          documentId,
          keptName: existing?.name,
        })
        const [document] = await putEnvelopeDocuments(ctx, request.principal, envelopeId, [put])
        return toDocumentOutput(envelopeId, document as NonNullable<typeof document>)
      },
    )

    scope.delete(
      '/envelopes/:envelopeId/documents',
      {
        preHandler,
        preValidation: refusingOtherThanDocuments,
        schema: {
          ...common,
          summary: 'Delete documents of a draft envelope, and the tabs placed on them',
          description:
            'On a draft only (else 400 `ENVELOPE_INVALID_STATUS`); every documentId must be a document of the ' +
            'envelope (else 400 `DOCUMENT_DOES_NOT_EXIST`, nothing deleted), and one document must be left. ' +
            'Answers the deleted documents.',
          params: EnvelopeParams,
          body: DocumentsDeleteBody,
          response: { 200: EnvelopeDocumentsOutput, ...errors },
        },
      },
      async (request) => {
        const { envelopeId } = request.params
        const ids = request.body.documents.map((document) => document.documentId)
        const documents = await deleteEnvelopeDocuments(ctx, request.principal, envelopeId, ids)
        return {
          envelopeId,
          envelopeDocuments: documents.map((document) => toDocumentOutput(envelopeId, document)),
        }
      },
    )
  })
}
