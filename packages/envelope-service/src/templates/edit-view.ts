import { Type } from '@sinclair/typebox'
import { ErrorDetails } from 'esign-contract'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import { createConsoleView } from '../identity/console-view/console-view.js'
import { checkViewRequest, EmbeddedViewRequest, ViewUrl } from '../identity/console-view/view-request.js'
import { requirePermission } from '../rest/account-scope.js'
import { findTemplate } from './repository.js'
import { templateNotFound } from './service.js'

const ErrorBody = ErrorDetails
const TemplateParams = Type.Object({ accountId: Type.String(), templateId: Type.String() })

/**
 * `POST /templates/{templateId}/views/edit` (TemplatesApi.createEditView): a one-time URL (five minutes,
 * once, the calling user's) that opens the template in the web app's builder; on Save or Cancel the
 * browser returns to `returnUrl?event=Save|Cancel`.
 */
export async function templateEditViewRoutes(app: App, ctx: ServiceContext) {
  app.post(
    '/templates/:templateId/views/edit',
    {
      preHandler: requirePermission('manage_templates'),
      schema: {
        tags: ['TemplateViews'],
        security: [{ bearer: [] }],
        summary:
          'Create a one-time URL that opens the template in the web app’s builder, with Save and Cancel',
        params: TemplateParams,
        body: EmbeddedViewRequest,
        response: { 201: ViewUrl, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { accountId, userId, permissions } = request.principal
      const { templateId } = request.params
      const returnUrl = checkViewRequest(request.body, 'template')
      const viewer = { userId, seesAll: permissions.has('administer') }
      if (!(await findTemplate(ctx.db, accountId, templateId, viewer))) throw templateNotFound(templateId)
      const url = await createConsoleView(
        ctx.db,
        { userId, publicUrl: ctx.publicUrl, templateId, screen: 'template', returnUrl },
        ctx.now(),
      )
      return reply.code(201).send({ url })
    },
  )
}
