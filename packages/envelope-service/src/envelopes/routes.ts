import { Type } from '@sinclair/typebox'
import type { FastifyReply } from 'fastify'
import { type App, InvalidRequestError, NotFoundError } from 'platform'
import type { ServiceContext } from '../context.js'
import { getBlob } from '../documents/blobs.js'
import { requirePermission } from '../rest/account-scope.js'
import { combinePdfs } from './combined-pdf.js'
import {
  envelopeUri,
  toCustomFieldsOutput,
  toDocumentOutput,
  toEnvelopeOutput,
  toRecipientsOutput,
} from './mapping.js'
import { ENVELOPE_STATUSES } from './model.js'
import { findCustomFields, findDocuments, findRecipients, listEnvelopes } from './repository.js'
import {
  CustomFieldsOutput,
  EnvelopeDefinitionInput,
  EnvelopeDocumentParams,
  EnvelopeDocumentsOutput,
  EnvelopeOutput,
  EnvelopeParams,
  EnvelopeSummary,
  EnvelopesInformation,
  GetEnvelopeQuery,
  GetRecipientsQuery,
  ListStatusChangesQuery,
  RecipientsOutput,
} from './schema.js'
import { createEnvelope, envelopeOrFail } from './service.js'

const ErrorBody = Type.Object({ errorCode: Type.String(), message: Type.String() })
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

function parseDate(value: string, field: string): string {
  const time = Date.parse(value)
  if (Number.isNaN(time)) throw new InvalidRequestError(`${field} must be a valid date`)
  return new Date(time).toISOString()
}

const commaList = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')

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
      const { accountId, userId, permissions } = request.principal
      const key = request.headers['idempotency-key']
      const created = await createEnvelope(
        ctx.db,
        { accountId, userId, viewer: { userId, seesAll: permissions.has('administer') } },
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
    async (request) => {
      const query = request.query
      const envelopeIds = commaList(query.envelope_ids)
      if (query.from_date === undefined && envelopeIds === undefined) {
        throw new InvalidRequestError('from_date is required unless envelope_ids is given')
      }
      const statuses = commaList(query.status)?.map((status) => status.toLowerCase())
      for (const status of statuses ?? []) {
        if (!(ENVELOPE_STATUSES as readonly string[]).includes(status)) {
          throw new InvalidRequestError(
            `status must list envelope statuses (${ENVELOPE_STATUSES.join(', ')})`,
          )
        }
      }
      const start = query.start_position ?? 0
      const count = query.count ?? 100
      const { total, envelopes } = await listEnvelopes(ctx.db, {
        accountId: request.principal.accountId,
        ...(query.from_date !== undefined ? { fromDate: parseDate(query.from_date, 'from_date') } : {}),
        ...(query.to_date !== undefined ? { toDate: parseDate(query.to_date, 'to_date') } : {}),
        ...(statuses ? { statuses } : {}),
        ...(envelopeIds ? { envelopeIds } : {}),
        start,
        count,
      })
      const pageUri = (position: number) => {
        const params = new URLSearchParams(request.query as Record<string, string>)
        params.set('start_position', String(position))
        params.set('count', String(count))
        return `/envelopes?${params.toString()}`
      }
      return {
        resultSetSize: String(envelopes.length),
        totalSetSize: String(total),
        startPosition: String(start),
        endPosition: String(start + Math.max(envelopes.length, 1) - 1),
        ...(start + envelopes.length < total ? { nextUri: pageUri(start + count) } : {}),
        ...(start > 0 ? { previousUri: pageUri(Math.max(0, start - count)) } : {}),
        envelopes: envelopes.map((envelope) => toEnvelopeOutput(envelope)),
      }
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
      const ids = [envelope.envelopeId]
      const [recipients, documents, customFields] = await Promise.all([
        withRecipients ? findRecipients(ctx.db, ids) : undefined,
        includes.has('documents') ? findDocuments(ctx.db, ids) : undefined,
        includes.has('custom_fields') ? findCustomFields(ctx.db, ids) : undefined,
      ])
      return toEnvelopeOutput(envelope, {
        ...(recipients
          ? { recipients: recipients.get(envelope.envelopeId) ?? [], recipientTabs: includes.has('tabs') }
          : {}),
        ...(documents ? { documents: documents.get(envelope.envelopeId) ?? [] } : {}),
        ...(customFields ? { customFields: customFields.get(envelope.envelopeId) } : {}),
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
        response: { 200: RecipientsOutput, ...errors },
      },
    },
    async (request) => {
      const envelope = await envelopeOrFail(ctx.db, request.principal.accountId, request.params.envelopeId)
      const recipients = await findRecipients(ctx.db, [envelope.envelopeId])
      return toRecipientsOutput(
        recipients.get(envelope.envelopeId) ?? [],
        request.query.include_tabs?.toLowerCase() === 'true',
      )
    },
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
      const documents = await findDocuments(ctx.db, [envelope.envelopeId])
      return {
        envelopeId: envelope.envelopeId,
        envelopeDocuments: (documents.get(envelope.envelopeId) ?? []).map((document) =>
          toDocumentOutput(envelope.envelopeId, document),
        ),
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
      const documents = (await findDocuments(ctx.db, [envelope.envelopeId])).get(envelope.envelopeId) ?? []
      if (documentId === 'combined' && documents.length > 0) {
        const contents = await Promise.all(documents.map((document) => getBlob(ctx.db, document.blobId)))
        const bytes = await combinePdfs(
          contents.filter((content): content is Uint8Array => content !== undefined),
        )
        return sendPdf(reply, 'combined.pdf', Buffer.from(bytes))
      }
      const document = documents.find((candidate) => candidate.documentId === documentId)
      const bytes = document && (await getBlob(ctx.db, document.blobId))
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
      const fields = await findCustomFields(ctx.db, [envelope.envelopeId])
      return toCustomFieldsOutput(
        fields.get(envelope.envelopeId) ?? { textCustomFields: [], listCustomFields: [] },
      )
    },
  )
}
