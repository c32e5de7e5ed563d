import { ErrorDetails, namedRecipientIds, RecipientsOutput, RecipientsToDelete } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { EnvelopeParams } from '../../envelopes/schema.js'
import { requirePermission } from '../../rest/account-scope.js'
import { RecipientParams } from '../lifecycle/schema.js'
import { removeRecipients } from './service.js'

const ErrorBody = ErrorDetails
const common = { tags: ['Envelopes'], security: [{ bearer: [] }] }
const responses = {
  200: RecipientsOutput,
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
}
const rule =
  'Any recipient of a draft; of a sent envelope, only recipients the routing has not reached yet, and one ' +
  'who still has to sign or view must stay. All named recipients are deleted, or none. Answers the deleted recipients.'

/** `DELETE /envelopes/{envelopeId}/recipients[/{recipientId}]` (rules.ts). */
export async function recipientRemovalRoutes(app: App, ctx: ServiceContext) {
  app.delete(
    '/envelopes/:envelopeId/recipients/:recipientId',
    {
      preHandler: requirePermission('send_envelopes'),
      schema: {
        ...common,
        summary: 'Delete one recipient of an envelope',
        description: rule,
        params: RecipientParams,
        response: responses,
      },
    },
    async (request) =>
      removeRecipients(ctx, request.principal, request.params.envelopeId, [request.params.recipientId]),
  )

  app.delete(
    '/envelopes/:envelopeId/recipients',
    {
      preHandler: requirePermission('send_envelopes'),
      schema: {
        ...common,
        summary: 'Delete several recipients of an envelope',
        description: `${rule} The body names them by \`recipientId\` in DocuSign's recipient lists.`,
        params: EnvelopeParams,
        body: RecipientsToDelete,
        response: responses,
      },
    },
    async (request) =>
      removeRecipients(ctx, request.principal, request.params.envelopeId, namedRecipientIds(request.body)),
  )
}
