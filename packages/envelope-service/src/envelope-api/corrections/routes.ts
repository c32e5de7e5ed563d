import { ErrorDetails } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { EnvelopeParams } from '../../envelopes/schema.js'
import { requirePermission } from '../../rest/account-scope.js'
import { CorrectRecipientsQuery, RecipientCorrections, RecipientsUpdateSummary } from './schema.js'
import { correctRecipients } from './service.js'

const ErrorBody = ErrorDetails

/** `PUT /envelopes/{envelopeId}/recipients`: correct recipients (see correct-recipients.ts). */
export async function correctRecipientsRoutes(app: App, ctx: ServiceContext) {
  app.put(
    '/envelopes/:envelopeId/recipients',
    {
      preHandler: requirePermission('send_envelopes'),
      schema: {
        tags: ['Envelopes'],
        security: [{ bearer: [] }],
        summary: 'Correct recipients of a draft or in-progress envelope (and unlock a locked-out one)',
        description:
          'Changes only the fields given (name, email, delivery, access code, SMS authentication) and clears ' +
          "the recipient's lock after wrong codes. A new email ends the old signing links and, when it is the " +
          "recipient's turn, sends the invitation to the new address; `?resend_envelope=true` re-invites every " +
          'corrected recipient whose turn it is. Each recipient is answered in `recipientUpdateResults`.',
        params: EnvelopeParams,
        querystring: CorrectRecipientsQuery,
        body: RecipientCorrections,
        response: {
          200: RecipientsUpdateSummary,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request) => {
      const { accountId, userId } = request.principal
      return correctRecipients(
        ctx,
        { accountId, userId },
        request.params.envelopeId,
        request.body,
        request.query.resend_envelope?.toLowerCase() === 'true',
      )
    },
  )
}
