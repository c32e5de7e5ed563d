import { Type } from '@sinclair/typebox'
import { CustomFieldsOutput, ErrorDetails, RecipientsOutput, Tabs } from 'esign-contract'
import type { FastifyRequest } from 'fastify'
import { type App, InvalidRequestError } from 'platform'
import type { ServiceContext } from '../context.js'
import { TemplateDocumentsResult, toTemplateDocumentsResult } from './documents/output.js'
import { toEnvelopeTemplate } from './mapping.js'
import type { Template } from './model.js'
import { templateNotFound } from './service.js'

/**
 * The read side of a template's sub-resources (DocuSign's `TemplatesApi.listDocuments`, `listRecipients`,
 * `listTabs`, `listCustomFields`): the parts of `GET /templates/{templateId}`, from the same cache.
 */

const TemplateParams = Type.Object({ accountId: Type.String(), templateId: Type.String() })
const RecipientParams = Type.Object({
  accountId: Type.String(),
  templateId: Type.String(),
  recipientId: Type.String(),
})
const ErrorBody = ErrorDetails
const common = { tags: ['Templates'], security: [{ bearer: [] }] }
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody }
const IncludeTabs = Type.Object({
  include_tabs: Type.Optional(Type.String({ description: '`true` to return each recipient’s tabs.' })),
})

export async function templateSubResourceRoutes(app: App, ctx: ServiceContext) {
  async function templateOf(request: FastifyRequest, templateId: string): Promise<Template> {
    const viewer = {
      userId: request.principal.userId,
      seesAll: request.principal.permissions.has('administer'),
    }
    const found = await ctx.templateCache.find(ctx.db, request.principal.accountId, [templateId], viewer)
    const template = found.get(templateId)
    if (!template) throw templateNotFound(templateId)
    return template
  }
  const includeTabs = (value: string | undefined) => {
    if (value !== undefined && !['true', 'false'].includes(value.toLowerCase())) {
      throw new InvalidRequestError('include_tabs must be true or false')
    }
    return value?.toLowerCase() === 'true'
  }

  app.get(
    '/templates/:templateId/documents',
    {
      schema: {
        ...common,
        summary: "List a template's documents",
        params: TemplateParams,
        response: { 200: TemplateDocumentsResult, ...errors },
      },
    },
    async (request) => {
      const template = await templateOf(request, request.params.templateId)
      return toTemplateDocumentsResult(template.templateId, template.documents)
    },
  )

  app.get(
    '/templates/:templateId/recipients',
    {
      schema: {
        ...common,
        summary: "List a template's recipients (roles)",
        params: TemplateParams,
        querystring: IncludeTabs,
        response: { 200: RecipientsOutput, ...errors },
      },
    },
    async (request) => {
      const withTabs = includeTabs(request.query.include_tabs)
      const { recipients } = toEnvelopeTemplate(await templateOf(request, request.params.templateId))
      if (withTabs) return recipients
      const strip = <T extends { tabs?: unknown }>({ tabs: _, ...recipient }: T) => recipient
      return {
        ...recipients,
        signers: recipients.signers.map(strip),
        carbonCopies: recipients.carbonCopies.map(strip),
        certifiedDeliveries: recipients.certifiedDeliveries.map(strip),
        inPersonSigners: recipients.inPersonSigners.map(strip),
      }
    },
  )

  app.get(
    '/templates/:templateId/recipients/:recipientId/tabs',
    {
      schema: {
        ...common,
        summary: "A template recipient's tabs",
        params: RecipientParams,
        response: { 200: Tabs, ...errors },
      },
    },
    async (request) => {
      const { templateId, recipientId } = request.params
      const role = (await templateOf(request, templateId)).recipients.find(
        (candidate) => candidate.recipientId === recipientId,
      )
      if (!role) {
        throw new InvalidRequestError(
          `Recipient ${recipientId} is not a recipient of template ${templateId}`,
          {
            errorCode: 'UNKNOWN_ENVELOPE_RECIPIENT',
          },
        )
      }
      return role.tabs
    },
  )

  app.get(
    '/templates/:templateId/custom_fields',
    {
      schema: {
        ...common,
        summary: "A template's custom fields",
        params: TemplateParams,
        response: { 200: CustomFieldsOutput, ...errors },
      },
    },
    async (request) => toEnvelopeTemplate(await templateOf(request, request.params.templateId)).customFields,
  )
}
