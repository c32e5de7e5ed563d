import { Type } from '@sinclair/typebox'
import { ErrorDetails, LockInformation, LockRequest } from 'esign-contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type App, InvalidRequestError } from 'platform'
import type { ServiceContext } from '../context.js'
import { requirePermission } from '../rest/account-scope.js'
import { editHeaderOf } from './enforce.js'
import type { EditLock, LockedResource } from './model.js'
import { createLock, extendLock, type LockCaller, lockInformation, readLock, removeLock } from './service.js'

const ErrorBody = ErrorDetails
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const EditHeader = Type.Object({
  'x-docusign-edit': Type.Optional(
    Type.String({ description: 'The lock token: `{"LockToken": "…"}` (or DocuSign\'s XML form).' }),
  ),
})

const RESOURCES: {
  resource: LockedResource
  path: string
  param: string
  tag: string
  permission: 'send_envelopes' | 'manage_templates'
}[] = [
  {
    resource: 'envelope',
    path: '/envelopes/:envelopeId/lock',
    param: 'envelopeId',
    tag: 'Envelopes',
    permission: 'send_envelopes',
  },
  {
    resource: 'template',
    path: '/templates/:templateId/lock',
    param: 'templateId',
    tag: 'Templates',
    permission: 'manage_templates',
  },
]

const callerOf = (request: FastifyRequest): LockCaller => ({
  accountId: request.principal.accountId,
  userId: request.principal.userId,
  seesAllTemplates: request.principal.permissions.has('administer'),
})

/** The holder gets the token back in DocuSign's header too, so a client can copy it as it is. */
const withEditHeader = (reply: FastifyReply, lock: EditLock) =>
  reply.header(
    'x-docusign-edit',
    JSON.stringify({ LockToken: lock.lockToken, LockDurationInSeconds: String(lock.durationSeconds) }),
  )

/** `/envelopes/{envelopeId}/lock` and `/templates/{templateId}/lock`: create, read, renew, delete (rules.ts). */
export async function lockRoutes(app: App, ctx: ServiceContext) {
  for (const { resource, path, param, tag, permission } of RESOURCES) {
    const params = Type.Object({ accountId: Type.String(), [param]: Type.String() })
    const common = { tags: [tag], security: [{ bearer: [] }], params }
    const targetOf = (request: FastifyRequest) => ({
      resource,
      resourceId: (request.params as Record<string, string>)[param] as string,
    })

    app.post(
      path,
      {
        preHandler: requirePermission(permission),
        schema: {
          ...common,
          summary: `Lock the ${resource} for editing`,
          description:
            'Until the lock expires or its holder deletes it, every write to the ' +
            `${resource} must carry \`X-DocuSign-Edit: {"LockToken": "…"}\` and come from the holder, or it ` +
            'is a 400 `EDIT_LOCK_NOT_LOCK_OWNER`.',
          body: LockRequest,
          response: { 201: LockInformation, ...errors },
        },
      },
      async (request, reply) => {
        const lock = await createLock(ctx, callerOf(request), targetOf(request), request.body)
        return withEditHeader(reply.code(201), lock).send(await lockInformation(ctx, lock, true))
      },
    )

    app.get(
      path,
      {
        schema: {
          ...common,
          summary: `The ${resource}'s lock, for its holder`,
          response: { 200: LockInformation, ...errors },
        },
      },
      async (request, reply) => {
        const lock = await readLock(ctx, callerOf(request), targetOf(request))
        return withEditHeader(reply, lock).send(await lockInformation(ctx, lock, true))
      },
    )

    app.put(
      path,
      {
        preHandler: requirePermission(permission),
        schema: {
          ...common,
          summary: `Renew the ${resource}'s lock (duration from now, or the app name)`,
          headers: EditHeader,
          body: LockRequest,
          response: { 200: LockInformation, ...errors },
        },
      },
      async (request, reply) => {
        const lock = await extendLock(
          ctx,
          callerOf(request),
          targetOf(request),
          editHeaderOf(request),
          request.body,
        )
        return withEditHeader(reply, lock).send(await lockInformation(ctx, lock, true))
      },
    )

    app.delete(
      path,
      {
        preHandler: requirePermission(permission),
        schema: {
          ...common,
          summary: `Delete the ${resource}'s lock`,
          description: 'Changes are saved as they are made, so `save_changes=false` is a 400.',
          headers: EditHeader,
          querystring: Type.Object({ save_changes: Type.Optional(Type.String()) }),
          response: { 200: LockInformation, ...errors },
        },
      },
      async (request) => {
        if (request.query.save_changes?.toLowerCase() === 'false') {
          throw new InvalidRequestError(
            'save_changes=false is not supported: changes are saved as they are made',
          )
        }
        const lock = await removeLock(ctx, callerOf(request), targetOf(request), editHeaderOf(request))
        return lockInformation(ctx, lock, false)
      },
    )
  }
}
