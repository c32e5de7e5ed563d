import { ErrorDetails, Tabs, TabsWriteResult } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { requirePermission } from '../../rest/account-scope.js'
import type { TabOperation } from '../../tabs/tab-edits.js'
import { RecipientParams } from '../lifecycle/schema.js'
import { editRecipientTabs } from './service.js'

const ErrorBody = ErrorDetails
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const rule =
  "A draft's tabs change freely; a sent envelope's only for a recipient who has not signed or declined " +
  '(else 400 `INVALID_TAB_OPERATION`). Tabs are named by `tabId` (a radio group by `groupName`); a tab ' +
  "that names none of the recipient's tabs is answered with its `errorDetails`, and when no tab of the " +
  'request could be written the request is a 400.'

const OPERATIONS: {
  method: 'post' | 'put' | 'delete'
  operation: TabOperation
  summary: string
  status: number
}[] = [
  { method: 'post', operation: 'create', summary: 'Add tabs to a recipient of an envelope', status: 201 },
  {
    method: 'put',
    operation: 'update',
    summary: 'Change tabs of a recipient of an envelope (only the fields given)',
    status: 200,
  },
  {
    method: 'delete',
    operation: 'delete',
    summary: 'Delete tabs of a recipient of an envelope',
    status: 200,
  },
]

/** `POST`/`PUT`/`DELETE /envelopes/{envelopeId}/recipients/{recipientId}/tabs` (service.ts). */
export async function recipientTabsRoutes(app: App, ctx: ServiceContext) {
  for (const { method, operation, summary, status } of OPERATIONS) {
    app[method](
      '/envelopes/:envelopeId/recipients/:recipientId/tabs',
      {
        preHandler: requirePermission('send_envelopes'),
        schema: {
          tags: ['Envelopes'],
          security: [{ bearer: [] }],
          summary,
          description: rule,
          params: RecipientParams,
          body: Tabs,
          response: { 200: TabsWriteResult, 201: TabsWriteResult, ...errors },
        },
      },
      async (request, reply) => {
        const { accountId, userId } = request.principal
        const { envelopeId, recipientId } = request.params
        const answer = await editRecipientTabs(
          ctx,
          { accountId, userId },
          { envelopeId, recipientId },
          operation,
          request.body,
        )
        return reply.code(status).send(answer)
      },
    )
  }
}
