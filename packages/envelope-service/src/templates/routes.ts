import { Type } from '@sinclair/typebox'
import { ErrorDetails } from 'esign-contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type App, InvalidRequestError, NotFoundError } from 'platform'
import type { ServiceContext } from '../context.js'
import { requirePermission } from '../rest/account-scope.js'
import { refuseUnsupportedInTemplate, refusingUnsupported } from '../rest/unsupported-properties.js'
import { toEnvelopeTemplate, toTemplateListItem, toTemplateSummary } from './mapping.js'
import { listVisibleTemplates, templateDocumentPdf } from './queries.js'
import type { TemplateSortField, TemplateViewer } from './repository.js'
import {
  EnvelopeTemplate,
  TemplateInput,
  TemplateList,
  TemplateListQuery,
  TemplateSummary,
  TemplateUpdateInput,
  TemplateUpdateSummary,
} from './schema.js'
import { createTemplate, removeTemplate, templateNotFound, updateTemplate } from './service.js'

const TemplateParams = Type.Object({ templateId: Type.String() })
const DocumentParams = Type.Object({ templateId: Type.String(), documentId: Type.String() })
const ErrorBody = ErrorDetails
const common = { tags: ['Templates'], security: [{ bearer: [] }] }

/** Members see their own templates and shared ones; administrators see every template of the account. */
export const viewerOf = (request: FastifyRequest): TemplateViewer => ({
  userId: request.principal.userId,
  seesAll: request.principal.permissions.has('administer'),
})

const DIRECTIONS = new Set(['asc', 'desc'])
const SORT_FIELDS = new Set<string>(['name', 'modified', 'created', 'used'])

/**
 * DocuSign documents `order=asc|desc&order_by=name|modified`, the CRM sends `order=name&order_by=asc`:
 * each value is classified by what it is, wherever it was given.
 */
export function parseTemplateOrder(order: string | undefined, orderBy: string | undefined) {
  let direction: 'asc' | 'desc' | undefined
  let field: TemplateSortField | undefined
  for (const [parameter, raw] of [
    ['order', order],
    ['order_by', orderBy],
  ] as const) {
    if (raw === undefined || raw === '') continue
    const value = raw.toLowerCase()
    if (DIRECTIONS.has(value) && direction === undefined) direction = value as 'asc' | 'desc'
    else if (SORT_FIELDS.has(value) && field === undefined) field = value as TemplateSortField
    else {
      throw new InvalidRequestError(
        `${parameter} must be a direction (asc, desc) or a sort field (name, modified, created, used), ` +
          'and order and order_by must not both be of the same kind',
      )
    }
  }
  return { direction: direction ?? 'asc', field: field ?? 'name' }
}

/** A NUL would cut the pattern short in the database and match every template. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

function pageUri(query: TemplateListQuery, start: number, count: number) {
  const params = new URLSearchParams()
  params.set('start_position', String(start))
  params.set('count', String(count))
  for (const key of ['order', 'order_by', 'search_text'] as const) {
    const value = query[key]
    if (value !== undefined && value !== '') params.set(key, value)
  }
  return `/templates?${params.toString()}`
}

/** `/templates`: list, read, create, replace and delete templates, and download their documents. */
export async function templateRoutes(app: App, ctx: ServiceContext) {
  app.get(
    '/templates',
    {
      schema: {
        ...common,
        summary: 'List the templates the caller can see',
        querystring: TemplateListQuery,
        response: { 200: TemplateList, 400: ErrorBody },
      },
    },
    async (request) => {
      const query = request.query
      if (query.search_text !== undefined && CONTROL_CHARACTER.test(query.search_text)) {
        throw new InvalidRequestError('search_text must not contain control characters')
      }
      const { direction, field } = parseTemplateOrder(query.order, query.order_by)
      const count = query.count ?? 100
      const start = query.start_position ?? 0
      const { templates, total } = await listVisibleTemplates(ctx.db, {
        accountId: request.principal.accountId,
        viewer: viewerOf(request),
        searchText: query.search_text ? query.search_text.toLowerCase() : undefined,
        sortField: field,
        direction,
        start,
        count,
      })
      return {
        resultSetSize: String(templates.length),
        startPosition: String(start),
        endPosition: String(start + templates.length - 1),
        totalSetSize: String(total),
        ...(start + templates.length < total ? { nextUri: pageUri(query, start + count, count) } : {}),
        ...(start > 0 ? { previousUri: pageUri(query, Math.max(0, start - count), count) } : {}),
        envelopeTemplates: templates.map(toTemplateListItem),
      }
    },
  )

  app.get(
    '/templates/:templateId',
    {
      schema: {
        ...common,
        summary: 'Get a template with its recipients, documents and custom fields',
        params: TemplateParams,
        response: { 200: EnvelopeTemplate, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { accountId } = request.principal
      const { templateId } = request.params
      const found = await ctx.templateCache.find(ctx.db, accountId, [templateId], viewerOf(request))
      const template = found.get(templateId)
      if (!template) throw templateNotFound(templateId)
      const body = ctx.templateCache.body(
        template,
        () => reply.serialize(toEnvelopeTemplate(template)) as string,
      )
      // Fastify sends bytes as they are, without serializing them again.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body)
    },
  )

  app.get(
    '/templates/:templateId/documents/:documentId',
    {
      schema: {
        ...common,
        summary: 'Download a document of a template (PDF)',
        params: DocumentParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { templateId, documentId } = request.params
      const { accountId } = request.principal
      const found = await templateDocumentPdf(ctx.db, {
        accountId,
        templateId,
        documentId,
        viewer: viewerOf(request),
      })
      if (!found) {
        throw new NotFoundError(
          `Document ${documentId} of template ${templateId} was not found in this account`,
        )
      }
      const filename = found.name.toLowerCase().endsWith('.pdf') ? found.name : `${found.name}.pdf`
      return reply
        .type('application/pdf')
        .header('content-disposition', `file; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`)
        .send(Buffer.from(found.bytes))
    },
  )

  app.post(
    '/templates',
    {
      preHandler: requirePermission('manage_templates'),
      preValidation: refusingUnsupported(refuseUnsupportedInTemplate),
      schema: {
        ...common,
        summary: 'Create a template',
        body: TemplateInput,
        response: { 201: TemplateSummary, 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const { accountId, userId } = request.principal
      const template = await createTemplate(
        ctx.db,
        { accountId, userId },
        request.body,
        ctx.now(),
        ctx.documentConverter,
      )
      return reply.code(201).send(toTemplateSummary(template))
    },
  )

  app.put(
    '/templates/:templateId',
    {
      preHandler: requirePermission('manage_templates'),
      preValidation: refusingUnsupported(refuseUnsupportedInTemplate),
      schema: {
        ...common,
        summary: 'Update a template: only the fields the body contains change',
        params: TemplateParams,
        body: TemplateUpdateInput,
        response: { 200: TemplateUpdateSummary, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { accountId } = request.principal
      const { templateId } = request.params
      await ctx.templateCache.writing(templateId, () =>
        updateTemplate(
          ctx.db,
          accountId,
          viewerOf(request),
          templateId,
          request.body,
          ctx.now(),
          ctx.documentConverter,
        ),
      )
      return { envelopeId: templateId }
    },
  )

  app.delete(
    '/templates/:templateId',
    {
      preHandler: requirePermission('manage_templates'),
      schema: {
        ...common,
        summary: 'Delete a template',
        params: TemplateParams,
        response: { 200: TemplateSummary, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const { accountId } = request.principal
      const { templateId } = request.params
      return toTemplateSummary(
        await ctx.templateCache.writing(templateId, () =>
          removeTemplate(ctx.db, accountId, viewerOf(request), templateId),
        ),
      )
    },
  )
}
