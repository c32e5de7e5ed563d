import { Type } from '@sinclair/typebox'
import { type App, NotFoundError } from 'platform'
import type { ServiceContext } from '../context.js'
import { findEnvelope } from '../envelopes/reads.js'
import { createConsoleView } from '../identity/console-view/console-view.js'

/** DocuSign's `consoleViewRequest`. */
const ConsoleViewRequest = Type.Object({
  envelopeId: Type.Optional(
    Type.String({ maxLength: 100, description: 'Open this envelope instead of the dashboard' }),
  ),
  returnUrl: Type.Optional(
    Type.String({
      maxLength: 500,
      description: 'Passed to the web app, which offers it when the person is done',
    }),
  ),
})
/** DocuSign's `EnvelopeViews`. */
const EnvelopeViews = Type.Object({ url: Type.String() })

/**
 * `POST /accounts/{accountId}/views/console` (DocuSign EnvelopeViews::createConsole): a URL, valid five
 * minutes and once, that opens the web app signed in as the calling user.
 */
export async function consoleViewRoutes(app: App, ctx: ServiceContext) {
  app.post(
    '/views/console',
    {
      schema: {
        tags: ['EnvelopeViews'],
        summary: 'Create a one-time URL to the web app (dashboard or one envelope) for the calling user',
        security: [{ bearer: [] }],
        body: ConsoleViewRequest,
        response: { 201: EnvelopeViews },
      },
    },
    async (request, reply) => {
      const { accountId, userId } = request.principal
      const { envelopeId, returnUrl } = request.body
      if (envelopeId && !(await findEnvelope(ctx.db, accountId, envelopeId))) {
        throw new NotFoundError(`Envelope ${envelopeId} was not found in this account`, {
          errorCode: 'ENVELOPE_DOES_NOT_EXIST',
        })
      }
      const url = await createConsoleView(
        ctx.db,
        {
          userId,
          publicUrl: ctx.publicUrl,
          ...(envelopeId ? { envelopeId } : {}),
          ...(returnUrl ? { returnUrl } : {}),
        },
        ctx.now(),
      )
      return reply.code(201).send({ url })
    },
  )
}
