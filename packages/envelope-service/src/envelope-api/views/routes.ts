import { ErrorDetails } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { EnvelopeParams } from '../../envelopes/schema.js'
import { EmbeddedViewRequest, ViewUrl } from '../../identity/console-view/view-request.js'
import { requirePermission } from '../../rest/account-scope.js'
import { createEnvelopeView, type EnvelopeScreen } from './service.js'

const ErrorBody = ErrorDetails

const SUMMARIES: Record<EnvelopeScreen, string> = {
  sender:
    'Create a one-time URL that opens the draft in the web app’s builder (documents, recipients, fields) with Send, Save and Cancel',
  edit: 'Create a one-time URL that opens the draft in the web app’s builder (as the sender view)',
  correct: "Create a one-time URL that opens the correction of a sent envelope's recipients in the web app",
}

/**
 * DocuSign's embedded sending screens (`createSenderView`, `createEditView`, `createCorrectView`):
 * URLs valid five minutes, once, for the calling user; the browser returns to `returnUrl` with
 * `event=Send`, `Save`, `Correct` or `Cancel`.
 */
export async function envelopeViewRoutes(app: App, ctx: ServiceContext) {
  for (const screen of ['sender', 'edit', 'correct'] as const) {
    app.post(
      `/envelopes/:envelopeId/views/${screen}`,
      {
        preHandler: requirePermission('send_envelopes'),
        schema: {
          tags: ['EnvelopeViews'],
          security: [{ bearer: [] }],
          summary: SUMMARIES[screen],
          params: EnvelopeParams,
          body: EmbeddedViewRequest,
          response: { 201: ViewUrl, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const { accountId, userId } = request.principal
        const view = await createEnvelopeView(
          ctx,
          { accountId, userId },
          request.params.envelopeId,
          screen,
          request.body,
        )
        return reply.code(201).send(view)
      },
    )
  }
}
