import { Type } from '@sinclair/typebox'
import {
  Attachment,
  EnvelopeAttachmentsRequest,
  EnvelopeAttachmentsResult,
  ErrorDetails,
} from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { EnvelopeParams } from '../../envelopes/schema.js'
import { requirePermission } from '../../rest/account-scope.js'
import { readAttachment, readAttachments } from './rules.js'
import { addAttachments, attachmentFile, envelopeAttachments, removeAttachments } from './service.js'

const ErrorBody = ErrorDetails
const common = { tags: ['Envelopes'], security: [{ bearer: [] }] }
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const AttachmentParams = Type.Object({
  accountId: Type.String(),
  envelopeId: Type.String(),
  attachmentId: Type.String({ maxLength: 100 }),
})
const rules =
  'Attachments are files the sender keeps with the envelope (recipients do not see them): `accessControl` ' +
  'is `sender`, the file is in `data` (base64); `remoteUrl` is not supported.'

/** `/envelopes/{envelopeId}/attachments` (rules.ts). */
export async function attachmentRoutes(app: App, ctx: ServiceContext) {
  const preHandler = requirePermission('send_envelopes')

  app.get(
    '/envelopes/:envelopeId/attachments',
    {
      schema: {
        ...common,
        summary: "List the envelope's attachments",
        params: EnvelopeParams,
        response: { 200: EnvelopeAttachmentsResult, ...errors },
      },
    },
    async (request) => envelopeAttachments(ctx, request.principal, request.params.envelopeId),
  )

  app.put(
    '/envelopes/:envelopeId/attachments',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Add attachments to the envelope (an attachmentId it has is replaced)',
        description: rules,
        params: EnvelopeParams,
        body: EnvelopeAttachmentsRequest,
        response: { 200: EnvelopeAttachmentsResult, ...errors },
      },
    },
    async (request) =>
      addAttachments(
        ctx,
        request.principal,
        request.params.envelopeId,
        readAttachments(request.body.attachments),
      ),
  )

  app.delete(
    '/envelopes/:envelopeId/attachments',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete attachments named by attachmentId (all or none)',
        params: EnvelopeParams,
        body: EnvelopeAttachmentsRequest,
        response: { 200: EnvelopeAttachmentsResult, ...errors },
      },
    },
    async (request) =>
      removeAttachments(ctx, request.principal, request.params.envelopeId, request.body.attachments),
  )

  app.get(
    '/envelopes/:envelopeId/attachments/:attachmentId',
    {
      schema: {
        ...common,
        summary: 'Download one attachment',
        params: AttachmentParams,
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...errors },
      },
    },
    async (request, reply) => {
      const { envelopeId, attachmentId } = request.params
      const file = await attachmentFile(ctx, request.principal, envelopeId, attachmentId)
      const safeName = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_')
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `file; filename="${safeName}"`)
        .send(Buffer.from(file.bytes))
    },
  )

  app.put(
    '/envelopes/:envelopeId/attachments/:attachmentId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Add or replace one attachment',
        description: rules,
        params: AttachmentParams,
        body: Attachment,
        response: { 200: EnvelopeAttachmentsResult, ...errors },
      },
    },
    async (request) => {
      const { envelopeId, attachmentId } = request.params
      const attachment = readAttachment(request.body, 'attachment', attachmentId)
      return addAttachments(ctx, request.principal, envelopeId, [attachment])
    },
  )
}
