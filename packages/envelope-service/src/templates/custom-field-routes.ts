import { Type } from '@sinclair/typebox'
import { CustomFields, CustomFieldsOutput, ErrorDetails } from 'esign-contract'
import type { FastifyRequest } from 'fastify'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import { requirePermission } from '../rest/account-scope.js'
import { refuseUnsupportedInCustomFields, refusingUnsupported } from '../rest/unsupported-properties.js'
import {
  changedFieldsOutput,
  type FieldChanges,
  planAdd,
  planDelete,
  planUpdate,
  type StoredField,
} from './custom-fields/rules.js'
import { viewerOf } from './routes.js'
import { changeTemplateCustomFields } from './service.js'

/**
 * `POST`, `PUT`, `DELETE /templates/{templateId}/custom_fields` (DocuSign's `TemplatesApi`
 * `createCustomFields`, `updateCustomFields`, `deleteCustomFields`): the envelope custom fields' rules
 * (custom-fields/rules.ts) over the template's fields, stored through the template's write path inside
 * the cache's `writing`, as `PUT /templates/{templateId}` is.
 */

const TemplateParams = Type.Object({ accountId: Type.String(), templateId: Type.String() })
const ErrorBody = ErrorDetails
const common = { tags: ['Templates'], security: [{ bearer: [] }], params: TemplateParams, body: CustomFields }
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const scope = 'All fields of the request change, or none; names are unique within the template (any case). '

export async function templateCustomFieldRoutes(app: App, ctx: ServiceContext) {
  const preHandler = requirePermission('manage_templates')
  const preValidation = refusingUnsupported(refuseUnsupportedInCustomFields)
  const change = (request: FastifyRequest, plan: (existing: readonly StoredField[]) => FieldChanges) => {
    const { templateId } = request.params as { templateId: string }
    const target = { accountId: request.principal.accountId, viewer: viewerOf(request), templateId }
    return ctx.templateCache.writing(templateId, async () =>
      changedFieldsOutput(await changeTemplateCustomFields(ctx.db, target, plan, ctx.now())),
    )
  }

  app.post(
    '/templates/:templateId/custom_fields',
    {
      preHandler,
      preValidation,
      schema: {
        ...common,
        summary: 'Add custom fields to a template',
        description: `${scope}The service assigns each field's \`fieldId\`.`,
        response: { 201: CustomFieldsOutput, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await change(request, (existing) => planAdd(existing, request.body, 'template'))),
  )

  app.put(
    '/templates/:templateId/custom_fields',
    {
      preHandler,
      preValidation,
      schema: {
        ...common,
        summary: 'Update custom fields of a template',
        description: `${scope}Each field is named by its \`fieldId\`; \`value\`, \`show\`, \`required\` and \`listItems\` left out stay as they are.`,
        response: { 200: CustomFieldsOutput, ...errors },
      },
    },
    async (request) => change(request, (existing) => planUpdate(existing, request.body, 'template')),
  )

  app.delete(
    '/templates/:templateId/custom_fields',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete custom fields of a template',
        description: `${scope}Each field is named by its \`fieldId\`.`,
        response: { 200: CustomFieldsOutput, ...errors },
      },
    },
    async (request) => change(request, (existing) => planDelete(existing, request.body, 'template')),
  )
}
