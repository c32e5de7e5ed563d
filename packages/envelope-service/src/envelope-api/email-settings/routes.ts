import { EmailSettings, ErrorDetails } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { EnvelopeParams } from '../../envelopes/schema.js'
import { requirePermission } from '../../rest/account-scope.js'
import { refuseUnsupportedInEmailSettings, refusingUnsupported } from '../../rest/unsupported-properties.js'
import { changeEmailSettings, readEmailSettings } from './service.js'

const ErrorBody = ErrorDetails
const common = { tags: ['Envelopes'], security: [{ bearer: [] }], params: EnvelopeParams }
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const scope =
  'On a draft, sent or delivered envelope; the messages sent from then on carry the new Reply-To and Bcc. '

/** `GET`, `POST`, `PUT`, `DELETE /envelopes/{envelopeId}/email_settings` (rules.ts). */
export async function envelopeEmailSettingsRoutes(app: App, ctx: ServiceContext) {
  const path = '/envelopes/:envelopeId/email_settings'
  const preHandler = requirePermission('send_envelopes')

  app.get(
    path,
    {
      schema: {
        ...common,
        summary: "Get an envelope's email settings",
        description: 'The Reply-To and Bcc overrides of the envelope’s emails; `{}` when none are set.',
        response: { 200: EmailSettings, ...errors },
      },
    },
    async (request) => readEmailSettings(ctx, request.principal.accountId, request.params.envelopeId),
  )

  app.post(
    path,
    {
      preHandler,
      preValidation: refusingUnsupported(refuseUnsupportedInEmailSettings),
      schema: {
        ...common,
        body: EmailSettings,
        summary: 'Add email settings to an envelope',
        description: `${scope}The given reply fields replace the stored ones; the given Bcc addresses join them.`,
        response: { 201: EmailSettings, ...errors },
      },
    },
    async (request, reply) => {
      const settings = await changeEmailSettings(
        ctx,
        request.principal,
        request.params.envelopeId,
        'add',
        request.body,
      )
      return reply.code(201).send(settings)
    },
  )

  app.put(
    path,
    {
      preHandler,
      preValidation: refusingUnsupported(refuseUnsupportedInEmailSettings),
      schema: {
        ...common,
        body: EmailSettings,
        summary: "Update an envelope's email settings",
        description: `${scope}The given fields replace the stored ones; a given Bcc list replaces the stored list.`,
        response: { 200: EmailSettings, ...errors },
      },
    },
    async (request) =>
      changeEmailSettings(ctx, request.principal, request.params.envelopeId, 'update', request.body),
  )

  app.delete(
    path,
    {
      preHandler,
      schema: {
        ...common,
        summary: "Delete an envelope's email settings",
        description: `${scope}No Reply-To or Bcc is left; answers the settings left (\`{}\`).`,
        response: { 200: EmailSettings, ...errors },
      },
    },
    async (request) => changeEmailSettings(ctx, request.principal, request.params.envelopeId, 'delete', {}),
  )
}
