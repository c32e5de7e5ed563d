import { Type } from '@sinclair/typebox'
import {
  ErrorDetails,
  namedRecipientIds,
  RecipientsOutput,
  RecipientsToDelete,
  RecipientsUpdateSummary,
  TemplateRecipients,
  TemplateRecipientUpdates,
} from 'esign-contract'
import type { FastifyRequest } from 'fastify'
import { type App, InvalidRequestError } from 'platform'
import type { ServiceContext } from '../context.js'
import { requirePermission } from '../rest/account-scope.js'
import { refuseUnsupportedInTemplateRecipients, refusingUnsupported } from '../rest/unsupported-properties.js'
import type { RecipientType } from '../tabs/model.js'
import { byRecipientList, toRoleOutput } from './mapping.js'
import type { TemplateRole } from './model.js'
import type { RoleUpdate } from './recipient-changes.js'
import { deliveryMethodOf, readRecipientSettings } from './recipient-settings.js'
import { viewerOf } from './routes.js'
import { addTemplateRecipients, removeTemplateRecipients, updateTemplateRecipients } from './service.js'

/**
 * `POST`, `PUT`, `DELETE /templates/{templateId}/recipients[/{recipientId}]` (DocuSign's `TemplatesApi`
 * `createRecipients`, `updateRecipients`, `deleteRecipient`, `deleteRecipients`; rules in
 * recipient-changes.ts), each through the template's write path inside the cache's `writing`, as
 * `PUT /templates/{templateId}` is.
 */

const TemplateParams = Type.Object({ accountId: Type.String(), templateId: Type.String() })
const RecipientParams = Type.Object({
  accountId: Type.String(),
  templateId: Type.String(),
  recipientId: Type.String(),
})
const ErrorBody = ErrorDetails
const common = { tags: ['Templates'], security: [{ bearer: [] }] }
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const ResendQuery = Type.Object({
  resend_envelope: Type.Optional(
    Type.String({ description: 'Accepted as `false` only: a template sends nothing.' }),
  ),
})

/** DocuSign's `resend_envelope` on a template resends nothing, so only its absence or `false` is honest. */
function refuseResend(value: string | undefined) {
  if (value !== undefined && value.toLowerCase() !== 'false') {
    throw new InvalidRequestError('resend_envelope is not supported on a template: a template sends nothing')
  }
}

function recipientsOutput(roles: readonly TemplateRole[]) {
  return { ...byRecipientList(roles, toRoleOutput), recipientCount: String(roles.length) }
}

const UPDATE_LISTS = [
  ['signers', 'signer'],
  ['carbonCopies', 'carbonCopy'],
  ['certifiedDeliveries', 'certifiedDelivery'],
  ['inPersonSigners', 'inPersonSigner'],
] as const satisfies readonly (readonly [string, RecipientType])[]

/** The body as role updates; tabs are changed by the tab operations, so a tab here is a 400. */
function roleUpdatesOf(body: TemplateRecipientUpdates): RoleUpdate[] {
  return UPDATE_LISTS.flatMap(([list, type]) =>
    (body[list] ?? []).map((entry, n): RoleUpdate => {
      if ('tabs' in entry && entry.tabs !== undefined) {
        throw new InvalidRequestError(
          `${list}[${n}].tabs cannot be changed here: use the recipient's tab operations`,
        )
      }
      const person =
        'hostName' in entry || 'hostEmail' in entry || 'signerName' in entry
          ? inPersonFields(entry as InPersonEntry)
          : personFields(entry as PersonEntry)
      const field = `${list}[${n}]`
      const settings: NonNullable<RoleUpdate['settings']> = readRecipientSettings(entry, field)
      if (entry.deliveryMethod !== undefined) {
        settings.deliveryMethod = deliveryMethodOf(entry.deliveryMethod, `${field}.deliveryMethod`)
      }
      return {
        recipientId: String(Number(entry.recipientId)),
        type,
        ...(entry.roleName !== undefined ? { roleName: entry.roleName } : {}),
        ...(entry.routingOrder !== undefined ? { routingOrder: String(Number(entry.routingOrder)) } : {}),
        ...person,
        settings,
      }
    }),
  )
}

type InPersonEntry = NonNullable<TemplateRecipientUpdates['inPersonSigners']>[number]
type PersonEntry = NonNullable<TemplateRecipientUpdates['signers']>[number]

function personFields(entry: PersonEntry) {
  return {
    ...(entry.name !== undefined ? { name: entry.name } : {}),
    ...(entry.email !== undefined ? { email: entry.email } : {}),
  }
}

function inPersonFields(entry: InPersonEntry) {
  const inPerson = {
    ...(entry.signerName !== undefined ? { signerName: entry.signerName } : {}),
    ...(entry.signerEmail !== undefined ? { signerEmail: entry.signerEmail } : {}),
  }
  return {
    ...(entry.hostName !== undefined ? { name: entry.hostName } : {}),
    ...(entry.hostEmail !== undefined ? { email: entry.hostEmail } : {}),
    ...(Object.keys(inPerson).length > 0 ? { inPerson } : {}),
  }
}

export async function templateRecipientRoutes(app: App, ctx: ServiceContext) {
  const preHandler = requirePermission('manage_templates')
  const target = (request: FastifyRequest, templateId: string) => ({
    accountId: request.principal.accountId,
    viewer: viewerOf(request),
    templateId,
  })

  app.post(
    '/templates/:templateId/recipients',
    {
      preHandler,
      preValidation: refusingUnsupported(refuseUnsupportedInTemplateRecipients),
      schema: {
        ...common,
        summary: 'Add recipients (roles) to a template',
        description:
          'Read as a template create reads its roles; a `recipientId` the template has is 400 INVALID_RECIPIENT_ID.',
        params: TemplateParams,
        querystring: ResendQuery,
        body: TemplateRecipients,
        response: { 201: RecipientsOutput, ...errors },
      },
    },
    async (request, reply) => {
      refuseResend(request.query.resend_envelope)
      const { templateId } = request.params
      const added = await ctx.templateCache.writing(templateId, () =>
        addTemplateRecipients(ctx.db, target(request, templateId), request.body, ctx.now()),
      )
      return reply.code(201).send(recipientsOutput(added))
    },
  )

  app.put(
    '/templates/:templateId/recipients',
    {
      preHandler,
      preValidation: refusingUnsupported(refuseUnsupportedInTemplateRecipients),
      schema: {
        ...common,
        summary: 'Update recipients (roles) of a template by recipientId',
        description:
          'The fields given change (`roleName`, `routingOrder`, name and email, an in-person role’s host and signer, ' +
          'the role’s own settings and default `deliveryMethod`). ' +
          'Each role is answered in `recipientUpdateResults`: an unknown id or a change of type gets `errorDetails`.',
        params: TemplateParams,
        querystring: ResendQuery,
        body: TemplateRecipientUpdates,
        response: { 200: RecipientsUpdateSummary, ...errors },
      },
    },
    async (request) => {
      refuseResend(request.query.resend_envelope)
      const { templateId } = request.params
      const updates = roleUpdatesOf(request.body)
      const results = await ctx.templateCache.writing(templateId, () =>
        updateTemplateRecipients(ctx.db, target(request, templateId), updates, ctx.now()),
      )
      return { recipientUpdateResults: results }
    },
  )

  app.delete(
    '/templates/:templateId/recipients/:recipientId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete one recipient (role) of a template',
        params: RecipientParams,
        response: { 200: RecipientsOutput, ...errors },
      },
    },
    async (request) => {
      const { templateId, recipientId } = request.params
      const removed = await ctx.templateCache.writing(templateId, () =>
        removeTemplateRecipients(ctx.db, target(request, templateId), [recipientId], ctx.now()),
      )
      return recipientsOutput(removed)
    },
  )

  app.delete(
    '/templates/:templateId/recipients',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete several recipients (roles) of a template, named by recipientId',
        description: 'All named roles are deleted, or none.',
        params: TemplateParams,
        body: RecipientsToDelete,
        response: { 200: RecipientsOutput, ...errors },
      },
    },
    async (request) => {
      const { templateId } = request.params
      const ids = namedRecipientIds(request.body)
      const removed = await ctx.templateCache.writing(templateId, () =>
        removeTemplateRecipients(ctx.db, target(request, templateId), ids, ctx.now()),
      )
      return recipientsOutput(removed)
    },
  )
}
