import { ErrorDetails, Notification } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { EnvelopeParams } from '../../envelopes/schema.js'
import { requirePermission } from '../../rest/account-scope.js'
import { refuseUnsupportedInNotification, refusingUnsupported } from '../../rest/unsupported-properties.js'
import { changeNotificationSettings, notificationSettings } from './service.js'

const ErrorBody = ErrorDetails
const common = { tags: ['Envelopes'], security: [{ bearer: [] }], params: EnvelopeParams }
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }

/** `GET` and `PUT /envelopes/{envelopeId}/notification`: reminders and expiration (rules.ts). */
export async function notificationSettingsRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/envelopes/:envelopeId/notification',
    {
      schema: {
        ...common,
        summary: "An envelope's reminders and expiration in force",
        response: { 200: Notification, ...errors },
      },
    },
    async (request) => notificationSettings(ctx, request.principal.accountId, request.params.envelopeId),
  )

  app.put(
    '/envelopes/:envelopeId/notification',
    {
      preHandler: requirePermission('send_envelopes'),
      preValidation: refusingUnsupported(refuseUnsupportedInNotification),
      schema: {
        ...common,
        summary: "Change an envelope's reminders and expiration",
        description:
          'On a draft, sent or delivered envelope. The parts given replace the stored ones; a sent envelope’s next ' +
          'reminder and its expiry follow the new settings. Answers the settings in force.',
        body: Notification,
        response: { 200: Notification, ...errors },
      },
    },
    async (request) =>
      changeNotificationSettings(ctx, request.principal, request.params.envelopeId, request.body),
  )
}
