import { Type } from '@sinclair/typebox'
import { ErrorDetails } from 'esign-contract'
import type { FastifyReply } from 'fastify'
import { type App, InvalidRequestError, NotFoundError } from 'platform'
import type { ServiceContext } from '../context.js'
import {
  envelopeUri,
  toCustomFieldsOutput,
  toDocumentOutput,
  toEnvelopeOutput,
} from '../envelopes/mapping.js'
import {
  CustomFieldsOutput,
  EnvelopeDefinitionInput,
  EnvelopeDocumentParams,
  EnvelopeDocumentsOutput,
  EnvelopeIdsRequest,
  EnvelopeOutput,
  EnvelopeParams,
  EnvelopeSummary,
  EnvelopesInformation,
  GetEnvelopeQuery,
  GetRecipientsQuery,
  ListStatusChangesQuery,
  ListStatusQuery,
} from '../envelopes/schema.js'
import {
  combinedPdf,
  customFieldsOf,
  documentPdf,
  documentsOf,
  envelopeOrFail,
  recipientsOf,
} from '../envelopes/service.js'
import { checkPublishUrl } from '../network/url-policy.js'
import { requirePermission } from '../rest/account-scope.js'
import { refuseUnsupportedInEnvelope, refusingUnsupported } from '../rest/unsupported-properties.js'
import { createEnvelope } from './create.js'
import { RecipientsWithProgress } from './lifecycle/schema.js'
import { recipientsWithProgress, sealedDocument } from './lifecycle/service.js'
import { listEnvelopeStatus } from './status-list.js'

const ErrorBody = ErrorDetails
const common = { tags: ['Envelopes'], security: [{ bearer: [] }] }
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }

/** `include` values this service returns; DocuSign's other values (e.g. `extensions`) are ignored. */
function parseIncludes(include: string | undefined): Set<string> {
  return new Set(
    (include ?? '')
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter((item) => item !== ''),
  )
}

function sendPdf(reply: FastifyReply, filename: string, bytes: Buffer, documentId?: string) {
  const safeName = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return reply
    .type('application/pdf')
    .header(
      'content-disposition',
      `file; filename="${safeName}"${documentId === undefined ? '' : `; documentid="${documentId}"`}`,
    )
    .send(bytes)
}

/** `/envelopes`: create (composite templates), read, list status changes, recipients, documents, custom fields. */
export async function envelopeRoutes(app: App, ctx: ServiceContext) {
  app.post(
    '/envelopes',
    {
      preHandler: requirePermission('send_envelopes'),
      preValidation: refusingUnsupported(refuseUnsupportedInEnvelope),
      schema: {
        ...common,
        summary: 'Create an envelope (composite templates, a template with roles, or inline documents)',
        description:
          'An `Idempotency-Key` header makes retries safe: the same key and body return the original envelope; ' +
          'the same key with another body is 409 DUPLICATE_RESOURCE.',
        body: EnvelopeDefinitionInput,
        response: { 201: EnvelopeSummary, ...errors, 409: ErrorBody, 413: ErrorBody },
      },
    },
    async (request, reply) => {
      const { accountId, userId, permissions, actingAgentUserId } = request.principal
      const key = request.headers['idempotency-key']
      const webhook = request.body.eventNotification
      if (webhook)
        checkPublishUrl(webhook.url, ctx.config.CONNECT_ALLOW_PRIVATE_URLS, 'eventNotification.url')
      const created = await createEnvelope(
        ctx,
        {
          accountId,
          userId,
          viewer: { userId, seesAll: permissions.has('administer') },
          ...(actingAgentUserId === undefined ? {} : { actingAgentUserId }),
        },
        request.body,
        Array.isArray(key) ? key[0] : key,
        ctx.now(),
      )
      return reply.code(201).send({ ...created, uri: envelopeUri(created.envelopeId) })
    },
  )

  app.get(
    '/envelopes',
    {
      schema: {
        ...common,
        summary: 'List envelope status changes',
        querystring: ListStatusChangesQuery,
        response: { 200: EnvelopesInformation, ...errors },
      },
    },
    async (request) => listEnvelopeStatus(ctx, request.principal, request.query, '/envelopes'),
  )

  app.put(
    '/envelopes/status',
    {
      schema: {
        ...common,
        summary: 'List the statuses of envelopes (DocuSign listStatus)',
        description:
          'The query of `GET /envelopes`; with `envelope_ids=request_body` the ids come from the body ' +
          '(`envelopeIds`). Transaction ids are not kept by this service, so `transaction_ids` is refused.',
        querystring: ListStatusQuery,
        body: EnvelopeIdsRequest,
        response: { 200: EnvelopesInformation, ...errors },
      },
    },
    async (request) => {
      const { transaction_ids: transactionIds, ...query } = request.query
      if (transactionIds !== undefined || (request.body.transactionIds ?? []).length > 0) {
        throw new InvalidRequestError('transaction_ids is not supported: list by envelope_ids or from_date')
      }
      const fromBody = query.envelope_ids?.trim().toLowerCase() === 'request_body'
      if (fromBody && request.body.envelopeIds === undefined) {
        throw new InvalidRequestError('envelope_ids=request_body needs envelopeIds in the body')
      }
      const { envelope_ids: _fromQuery, ...rest } = query
      return listEnvelopeStatus(
        ctx,
        request.principal,
        fromBody ? rest : query,
        '/envelopes/status',
        fromBody ? request.body.envelopeIds : undefined,
      )
    },
  )

  app.get(
    '/envelopes/:envelopeId',
    {
      schema: {
        ...common,
        summary: 'Get an envelope',
        params: EnvelopeParams,
        querystring: GetEnvelopeQuery,
        response: { 200: EnvelopeOutput, ...errors },
      },
    },
    async (request) => {
      const includes = parseIncludes(request.query.include)
      const withRecipients = includes.has('recipients') || includes.has('tabs')
      const envelope = await envelopeOrFail(ctx.db, request.principal.accountId, request.params.envelopeId)
      const { envelopeId } = envelope
      const [recipients, documents, customFields] = await Promise.all([
        withRecipients ? recipientsOf(ctx.db, envelopeId) : undefined,
        includes.has('documents') ? documentsOf(ctx.db, envelopeId) : undefined,
        includes.has('custom_fields') ? customFieldsOf(ctx.db, envelopeId) : undefined,
      ])
      return toEnvelopeOutput(envelope, {
        ...(recipients ? { recipients, recipientTabs: includes.has('tabs') } : {}),
        ...(documents ? { documents } : {}),
        ...(customFields ? { customFields } : {}),
      })
    },
  )

  app.get(
    '/envelopes/:envelopeId/recipients',
    {
      schema: {
        ...common,
        summary: 'List the recipients of an envelope',
        params: EnvelopeParams,
        querystring: GetRecipientsQuery,
        response: { 200: RecipientsWithProgress, ...errors },
      },
    },
    async (request) =>
      recipientsWithProgress(
        ctx,
        request.principal.accountId,
        request.params.envelopeId,
        request.query.include_tabs?.toLowerCase() === 'true',
      ),
  )

  app.get(
    '/envelopes/:envelopeId/documents',
    {
      schema: {
        ...common,
        summary: 'List the documents of an envelope',
        params: EnvelopeParams,
        response: { 200: EnvelopeDocumentsOutput, ...errors },
      },
    },
    async (request) => {
      const envelope = await envelopeOrFail(ctx.db, request.principal.accountId, request.params.envelopeId)
      const documents = await documentsOf(ctx.db, envelope.envelopeId)
      return {
        envelopeId: envelope.envelopeId,
        envelopeDocuments: documents.map((document) => toDocumentOutput(envelope.envelopeId, document)),
      }
    },
  )

  app.get(
    '/envelopes/:envelopeId/documents/:documentId',
    {
      schema: {
        ...common,
        summary: 'Download one document of an envelope, or `combined`: every document in one PDF',
        params: EnvelopeDocumentParams,
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...errors },
      },
    },
    async (request, reply) => {
      const { envelopeId, documentId } = request.params
      const envelope = await envelopeOrFail(ctx.db, request.principal.accountId, envelopeId)
      const sealed = await sealedDocument(ctx, envelope, documentId)
      if (sealed) return sendPdf(reply, sealed.filename, Buffer.from(sealed.bytes), sealed.documentId)
      const documents = await documentsOf(ctx.db, envelope.envelopeId)
      if (documentId === 'combined' && documents.length > 0) {
        return sendPdf(reply, 'combined.pdf', Buffer.from(await combinedPdf(ctx.db, documents)))
      }
      const document = documents.find((candidate) => candidate.documentId === documentId)
      const bytes = document && (await documentPdf(ctx.db, document))
      if (!document || !bytes) {
        throw new NotFoundError(`Document ${documentId} of envelope ${envelopeId} was not found`)
      }
      const filename = document.name.toLowerCase().endsWith('.pdf') ? document.name : `${document.name}.pdf`
      return sendPdf(reply, filename, Buffer.from(bytes), document.documentId)
    },
  )

  app.get(
    '/envelopes/:envelopeId/custom_fields',
    {
      schema: {
        ...common,
        summary: 'List the custom fields of an envelope',
        params: EnvelopeParams,
        response: { 200: CustomFieldsOutput, ...errors },
      },
    },
    async (request) => {
      const envelope = await envelopeOrFail(ctx.db, request.principal.accountId, request.params.envelopeId)
      return toCustomFieldsOutput(await customFieldsOf(ctx.db, envelope.envelopeId))
    },
  )
}
