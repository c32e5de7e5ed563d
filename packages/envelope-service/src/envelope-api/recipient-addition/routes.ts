import { Type } from '@sinclair/typebox'
import { EnvelopeRecipients, ErrorDetails, RecipientsOutput } from 'esign-contract'
import { type App, InvalidRequestError } from 'platform'
import type { ServiceContext } from '../../context.js'
import { EnvelopeParams } from '../../envelopes/schema.js'
import { requirePermission } from '../../rest/account-scope.js'
import { refuseUnsupportedInRecipients, refusingUnsupported } from '../../rest/unsupported-properties.js'
import { addEnvelopeRecipients } from './service.js'

const ErrorBody = ErrorDetails

const AddRecipientsQuery = Type.Object({
  resend_envelope: Type.Optional(
    Type.String({
      description:
        '`true` or `false`. An added recipient whose turn it is, is invited either way (DocuSign waits for `true`).',
    }),
  ),
})

/** `POST /envelopes/{envelopeId}/recipients` (service.ts). */
export async function recipientAdditionRoutes(app: App, ctx: ServiceContext) {
  app.post(
    '/envelopes/:envelopeId/recipients',
    {
      preHandler: requirePermission('send_envelopes'),
      preValidation: refusingUnsupported(refuseUnsupportedInRecipients),
      schema: {
        tags: ['Envelopes'],
        security: [{ bearer: [] }],
        summary: 'Add recipients (with their tabs) to a draft, sent or delivered envelope',
        description:
          'Recipients are read as on create: the caller’s `recipientId` is kept (one the envelope has is 400 ' +
          '`INVALID_RECIPIENT_ID`), tabs are placed on the envelope’s documents. On an envelope in progress an ' +
          'added recipient whose routing order the routing has reached is invited at once; a later one when its turn comes.',
        params: EnvelopeParams,
        querystring: AddRecipientsQuery,
        body: EnvelopeRecipients,
        response: {
          201: RecipientsOutput,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const resend = request.query.resend_envelope?.toLowerCase()
      if (resend !== undefined && resend !== 'true' && resend !== 'false') {
        throw new InvalidRequestError('resend_envelope must be true or false')
      }
      const added = await addEnvelopeRecipients(
        ctx,
        request.principal,
        request.params.envelopeId,
        request.body,
      )
      return reply.code(201).send(added)
    },
  )
}
