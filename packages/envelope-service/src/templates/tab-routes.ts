import { Type } from '@sinclair/typebox'
import { ErrorDetails, Tabs, TabsWriteResult } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import { requirePermission } from '../rest/account-scope.js'
import type { TabOperation } from '../tabs/tab-edits.js'
import { editTemplateTabs } from './recipient-tabs.js'

const RecipientParams = Type.Object({
  accountId: Type.String(),
  templateId: Type.String(),
  recipientId: Type.String(),
})
const ErrorBody = ErrorDetails
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const rule =
  'Tabs are named by `tabId` (a radio group by `groupName`); a tab that names none of the role’s tabs is ' +
  'answered with its `errorDetails`, and when no tab of the request could be written the request is a 400.'

const OPERATIONS: {
  method: 'post' | 'put' | 'delete'
  operation: TabOperation
  summary: string
  status: number
}[] = [
  { method: 'post', operation: 'create', summary: 'Add tabs to a template recipient', status: 201 },
  { method: 'put', operation: 'update', summary: 'Change tabs of a template recipient', status: 200 },
  { method: 'delete', operation: 'delete', summary: 'Delete tabs of a template recipient', status: 200 },
]

/** `POST`/`PUT`/`DELETE /templates/{templateId}/recipients/{recipientId}/tabs` (recipient-tabs.ts). */
export async function templateTabRoutes(app: App, ctx: ServiceContext) {
  for (const { method, operation, summary, status } of OPERATIONS) {
    app[method](
      '/templates/:templateId/recipients/:recipientId/tabs',
      {
        preHandler: requirePermission('manage_templates'),
        schema: {
          tags: ['Templates'],
          security: [{ bearer: [] }],
          summary,
          description: rule,
          params: RecipientParams,
          body: Tabs,
          response: { 200: TabsWriteResult, 201: TabsWriteResult, ...errors },
        },
      },
      async (request, reply) => {
        const { accountId, userId, permissions } = request.principal
        const { templateId, recipientId } = request.params
        const answer = await ctx.templateCache.writing(templateId, () =>
          editTemplateTabs(
            ctx.db,
            { accountId, viewer: { userId, seesAll: permissions.has('administer') } },
            { templateId, recipientId },
            operation,
            request.body,
            ctx.now(),
          ),
        )
        return reply.code(status).send(answer)
      },
    )
  }
}
