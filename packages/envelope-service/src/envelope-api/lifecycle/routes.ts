import { Type } from '@sinclair/typebox'
import { ErrorDetails } from 'esign-contract'
import type { FastifyReply } from 'fastify'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { EnvelopeParams } from '../../envelopes/schema.js'
import { requirePermission } from '../../rest/account-scope.js'
import { refuseUndeclared, refusingUnsupported } from '../../rest/unsupported-properties.js'
import {
  AuditEventsResponse,
  EnvelopeFormData,
  EnvelopeUpdateBody,
  EnvelopeUpdateQuery,
  EnvelopeUpdateSummary,
  RecipientParams,
  RecipientViewRequest,
  TabsOutput,
  ViewUrl,
} from './schema.js'
import {
  archiveOf,
  auditEvents,
  certificateOf,
  createRecipientView,
  envelopeFormData,
  recipientTabs,
  updateEnvelope,
} from './service.js'

const ErrorBody = ErrorDetails
const common = { tags: ['Envelopes'], security: [{ bearer: [] }] }
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const Binary = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' })

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

function sendFile(reply: FastifyReply, type: string, filename: string, bytes: Uint8Array) {
  return reply.type(type).header('content-disposition', `file; filename="${filename}"`).send(asBuffer(bytes))
}

/**
 * The envelope lifecycle under `/envelopes/{envelopeId}`: send, void and resend (`PUT`), the embedded
 * recipient view, entered values (`recipients/{id}/tabs`, `form_data`), the audit trail, and the
 * certificate and archive downloads. Recipients with progress and the sealed `combined` and document
 * downloads are served by routes.ts through lifecycle-service.ts.
 */
export async function lifecycleRoutes(app: App, ctx: ServiceContext) {
  app.put(
    '/envelopes/:envelopeId',
    {
      preHandler: requirePermission('send_envelopes'),
      preValidation: refusingUnsupported(
        refuseUndeclared(Object.keys(EnvelopeUpdateBody.properties), 'envelope update'),
      ),
      schema: {
        ...common,
        summary: "Change a draft's subject and message, send it, void an envelope, or resend it",
        description:
          "`emailSubject`/`emailBlurb` change a draft's invitation (400 `ENVELOPE_INVALID_STATUS` once " +
          'sent); `status: "sent"` sends a draft; `status: "voided"` with `voidedReason` voids a sent or ' +
          'delivered envelope; `?resend_envelope=true` invites the current recipients who have not finished ' +
          'again. Any other property is a 400 naming it.',
        params: EnvelopeParams,
        querystring: EnvelopeUpdateQuery,
        body: Type.Union([EnvelopeUpdateBody, Type.Null()]),
        response: { 200: EnvelopeUpdateSummary, ...errors, 409: ErrorBody },
      },
    },
    async (request) => {
      const { accountId, userId, actingAgentUserId } = request.principal
      return updateEnvelope(
        ctx,
        { accountId, userId, ...(actingAgentUserId === undefined ? {} : { actingAgentUserId }) },
        request.params.envelopeId,
        request.body ?? {},
        request.query.resend_envelope?.toLowerCase() === 'true',
      )
    },
  )

  app.post(
    '/envelopes/:envelopeId/views/recipient',
    {
      preHandler: requirePermission('send_envelopes'),
      schema: {
        ...common,
        summary: 'Create a signing URL for an embedded recipient (valid five minutes, usable once)',
        params: EnvelopeParams,
        body: RecipientViewRequest,
        response: { 201: ViewUrl, ...errors },
      },
    },
    async (request, reply) => {
      const { accountId, userId } = request.principal
      const view = await createRecipientView(
        ctx,
        { accountId, userId },
        request.params.envelopeId,
        request.body,
      )
      return reply.code(201).send(view)
    },
  )

  app.get(
    '/envelopes/:envelopeId/recipients/:recipientId/tabs',
    {
      schema: {
        ...common,
        summary: "A recipient's tabs with the values entered",
        params: RecipientParams,
        response: { 200: TabsOutput, ...errors },
      },
    },
    async (request) =>
      recipientTabs(ctx, request.principal.accountId, request.params.envelopeId, request.params.recipientId),
  )

  app.get(
    '/envelopes/:envelopeId/form_data',
    {
      schema: {
        ...common,
        summary: 'The values entered in the envelope, overall and per recipient',
        params: EnvelopeParams,
        response: { 200: EnvelopeFormData, ...errors },
      },
    },
    async (request) => envelopeFormData(ctx, request.principal.accountId, request.params.envelopeId),
  )

  app.get(
    '/envelopes/:envelopeId/audit_events',
    {
      schema: {
        ...common,
        summary: "The envelope's audit trail (each entry chained to the previous one by SHA-256)",
        params: EnvelopeParams,
        response: { 200: AuditEventsResponse, ...errors },
      },
    },
    async (request) => auditEvents(ctx, request.principal.accountId, request.params.envelopeId),
  )

  app.get(
    '/envelopes/:envelopeId/documents/certificate',
    {
      schema: {
        ...common,
        summary: 'The certificate of completion, sealed (at any stage of the envelope)',
        params: EnvelopeParams,
        response: { 200: Binary, ...errors },
      },
    },
    async (request, reply) => {
      const file = await certificateOf(ctx, request.principal.accountId, request.params.envelopeId)
      return sendFile(reply, 'application/pdf', file.filename, file.bytes)
    },
  )

  app.get(
    '/envelopes/:envelopeId/documents/archive',
    {
      schema: {
        ...common,
        summary: 'A zip of the sealed documents and the certificate of a completed envelope',
        params: EnvelopeParams,
        response: { 200: Binary, ...errors },
      },
    },
    async (request, reply) => {
      const zip = await archiveOf(ctx, request.principal.accountId, request.params.envelopeId)
      return sendFile(reply, 'application/zip', `${request.params.envelopeId}.zip`, zip)
    },
  )
}
