import { Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { ErrorDetails } from 'esign-contract'
import type { FastifyRequest } from 'fastify'
import { type App, fieldPath, InvalidRequestError } from 'platform'
import type { ServiceContext } from '../../context.js'
import { acceptRawDocumentBodies, rawUploadOf } from '../../documents/raw-upload/parser.js'
import { requirePermission } from '../../rest/account-scope.js'
import { refuseUnsupportedInTemplate, refusingUnsupported } from '../../rest/unsupported-properties.js'
import {
  TemplateDocumentsResult,
  TemplateEnvelopeDocument,
  toTemplateDocumentsResult,
  toTemplateEnvelopeDocument,
} from './output.js'
import {
  DocumentIdParam,
  DocumentPutBody,
  DocumentsDeleteBody,
  DocumentsPutBody,
  refusingOtherThanDocuments,
} from './schema.js'
import {
  deleteTemplateDocuments,
  putTemplateDocuments,
  type TemplateTarget,
  templateToChange,
} from './service.js'
import { uploadDocuments, uploadRawDocument } from './upload.js'

const ErrorBody = ErrorDetails
const common = { tags: ['Templates'], security: [{ bearer: [] }] }
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const TemplateParams = Type.Object({ accountId: Type.String(), templateId: Type.String() })
const DocumentParams = Type.Object({
  accountId: Type.String(),
  templateId: Type.String(),
  documentId: DocumentIdParam,
})
const PutDocumentQuery = Type.Object({
  is_envelope_definition: Type.Optional(
    Type.String({
      description: 'Accepted for the SDK; the body is read as an envelope definition either way.',
    }),
  ),
})

const rules =
  'Documents in any accepted format are converted to PDF as at create. A document with the `documentId` of ' +
  'one already there replaces it and keeps its place; tabs on a deleted document are deleted with it; a tab ' +
  'on a replaced document must still fit its pages. The template version changes, as for any update.'

/**
 * `PUT`/`DELETE /templates/{templateId}/documents` and `PUT /templates/{templateId}/documents/{documentId}`
 * (service.ts). The single-document PUT takes the SDK's JSON body (`envelopeDefinition` with one
 * document) or, as for envelopes, the document's bytes as the body.
 */
export async function templateDocumentRoutes(app: App, ctx: ServiceContext) {
  await app.register(async (scope: App) => {
    acceptRawDocumentBodies(scope)
    const preHandler = requirePermission('manage_templates')
    const target = (request: FastifyRequest, templateId: string): TemplateTarget => ({
      accountId: request.principal.accountId,
      viewer: { userId: request.principal.userId, seesAll: request.principal.permissions.has('administer') },
      templateId,
    })

    scope.put(
      '/templates/:templateId/documents',
      {
        preHandler,
        preValidation: [refusingOtherThanDocuments, refusingUnsupported(refuseUnsupportedInTemplate)],
        schema: {
          ...common,
          summary: 'Add documents to a template, or replace those with the same documentId',
          description: rules,
          params: TemplateParams,
          body: DocumentsPutBody,
          response: { 200: TemplateDocumentsResult, ...errors },
        },
      },
      async (request) => {
        const to = target(request, request.params.templateId)
        await templateToChange(ctx, to)
        const puts = await uploadDocuments(ctx.db, ctx.documentConverter, request.body.documents, ctx.now())
        return toTemplateDocumentsResult(to.templateId, await putTemplateDocuments(ctx, to, puts))
      },
    )

    scope.put(
      '/templates/:templateId/documents/:documentId',
      {
        preHandler,
        // A raw body is bytes: nothing to look for in it (and walking a Buffer's indices would cost its size).
        preValidation: [
          refusingOtherThanDocuments,
          refusingUnsupported((body) => {
            if (!Buffer.isBuffer(body)) refuseUnsupportedInTemplate(body)
          }),
        ],
        schema: {
          ...common,
          summary: 'Add or replace one document of a template',
          description:
            `${rules} The body is an envelope definition with one document (its documentId, if given, must be ` +
            'the one in the path), or the document itself with its `Content-Type` (as for envelopes).',
          params: DocumentParams,
          querystring: PutDocumentQuery,
          response: { 200: TemplateEnvelopeDocument, ...errors },
        },
      },
      async (request) => {
        const { documentId } = request.params
        const to = target(request, request.params.templateId)
        const template = await templateToChange(ctx, to)
        const keptName = template.documents.find((document) => document.documentId === documentId)?.name
        const put = Buffer.isBuffer(request.body)
          ? await uploadRawDocument(ctx.db, ctx.documentConverter, ctx.now(), {
              ...rawUploadOf(request),
              documentId,
              keptName,
            })
          : (
              await uploadDocuments(
                ctx.db,
                ctx.documentConverter,
                [oneDocument(request.body, documentId)],
                ctx.now(),
              )
            )[0]
        const [document] = await putTemplateDocuments(ctx, to, [put as NonNullable<typeof put>])
        return toTemplateEnvelopeDocument(to.templateId, document as NonNullable<typeof document>)
      },
    )

    scope.delete(
      '/templates/:templateId/documents',
      {
        preHandler,
        preValidation: refusingOtherThanDocuments,
        schema: {
          ...common,
          summary: 'Delete documents of a template, and the tabs placed on them',
          description:
            'Every documentId must be a document of the template (else 400 `DOCUMENT_DOES_NOT_EXIST`, nothing ' +
            'deleted). Answers the deleted documents.',
          params: TemplateParams,
          body: DocumentsDeleteBody,
          response: { 200: TemplateDocumentsResult, ...errors },
        },
      },
      async (request) => {
        const to = target(request, request.params.templateId)
        const ids = request.body.documents.map((document) => document.documentId)
        return toTemplateDocumentsResult(to.templateId, await deleteTemplateDocuments(ctx, to, ids))
      },
    )
  })
}

/**
 * The one document of the SDK's `updateDocument` body, checked here against its schema (schema.ts): the
 * route also takes raw bytes, so its schema cannot declare the JSON shape. Its documentId defaults to
 * the path's and, when given, must be it.
 */
function oneDocument(sent: unknown, documentId: string) {
  // Numbers sent where DocuSign has strings are read as their text, as the lenient body reader does.
  const body = Value.Convert(DocumentPutBody, sent)
  if (!Value.Check(DocumentPutBody, body)) {
    const first = Value.Errors(DocumentPutBody, body).First()
    const at = first ? fieldPath(first.path, 'body') : 'body'
    throw new InvalidRequestError(
      `The body must be an envelope definition with one document in documents: ${at} ${first?.message ?? ''}`.trim(),
    )
  }
  const [document] = body.documents
  if (document === undefined) throw new InvalidRequestError('documents must hold one document')
  if (document.documentId !== undefined && document.documentId !== documentId) {
    throw new InvalidRequestError(
      `documents[0].documentId ${document.documentId} is not the document of the path (${documentId})`,
    )
  }
  return { ...document, documentId }
}
