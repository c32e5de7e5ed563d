import { Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import {
  createAuthorization,
  deleteUserAuthorization,
  getUserAuthorization,
  listUserAuthorizations,
  updateUserAuthorization,
} from './service.js'

const tags = ['UserAuthorizations']
const security = [{ bearer: [] }]
const Id = Type.String({ maxLength: 64 })
const UserParams = Type.Object({ accountId: Type.String(), userId: Id })
const OneParams = Type.Object({ accountId: Type.String(), userId: Id, authorizationId: Id })
const DateText = Type.String({ maxLength: 40, description: 'ISO 8601' })
const AuthorizationUser = Type.Object({
  userId: Type.String(),
  accountId: Type.String(),
  name: Type.String(),
  email: Type.String(),
})
const UserAuthorization = Type.Object({
  authorizationId: Type.String(),
  principalUser: AuthorizationUser,
  agentUser: AuthorizationUser,
  permission: Type.String({ description: 'manage, send, sign or edit' }),
  startDate: Type.String(),
  endDate: Type.String({ description: 'empty: no end' }),
  created: Type.String(),
  createdBy: Type.String(),
  modified: Type.String(),
  modifiedBy: Type.String(),
})
const UserAuthorizations = Type.Object({
  authorizations: Type.Array(UserAuthorization),
  resultSetSize: Type.String(),
  totalSetSize: Type.String(),
  startPosition: Type.String(),
  endPosition: Type.String(),
})
const ListQuery = Type.Object({
  permissions: Type.Optional(Type.String({ maxLength: 20, description: 'manage, send, sign or edit' })),
  active_only: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
})

/**
 * DocuSign's shared access (UserAuthorizations): a principal authorizes an agent of the same account to act on
 * their behalf (`X-DocuSign-Act-On-Behalf`, rest/account-scope.ts). The principal or an administrator
 * manages them.
 */
export async function userAuthorizationRoutes(app: App, ctx: ServiceContext) {
  app.post(
    '/users/:userId/authorization',
    {
      schema: {
        tags,
        summary: 'Authorize an agent to act on behalf of the user (userAuthorizationCreateRequest)',
        security,
        params: UserParams,
        body: Type.Object(
          {
            agentUser: Type.Object(
              { userId: Type.Optional(Id), accountId: Type.Optional(Type.String({ maxLength: 64 })) },
              { additionalProperties: false },
            ),
            permission: Type.String({ maxLength: 20 }),
            startDate: Type.Optional(DateText),
            endDate: Type.Optional(DateText),
          },
          { additionalProperties: false },
        ),
        response: { 201: UserAuthorization },
      },
    },
    async (request, reply) => {
      const created = await createAuthorization(
        ctx.db,
        request.principal,
        request.params.userId,
        request.body,
        ctx.now(),
      )
      return reply.code(201).send(created)
    },
  )

  for (const side of ['principal', 'agent'] as const) {
    app.get(
      side === 'principal' ? '/users/:userId/authorizations' : '/users/:userId/authorizations/agent',
      {
        schema: {
          tags,
          summary:
            side === 'principal'
              ? "List the user's authorizations (the user is the principal)"
              : 'List the authorizations the user holds as an agent',
          security,
          params: UserParams,
          querystring: ListQuery,
          response: { 200: UserAuthorizations },
        },
      },
      async (request) =>
        listUserAuthorizations(
          ctx.db,
          request.principal,
          side,
          request.params.userId,
          {
            ...(request.query.permissions === undefined ? {} : { permission: request.query.permissions }),
            activeOnly: request.query.active_only === 'true',
          },
          ctx.now(),
        ),
    )
  }

  app.get(
    '/users/:userId/authorization/:authorizationId',
    {
      schema: {
        tags,
        summary: 'Get one authorization',
        security,
        params: OneParams,
        response: { 200: UserAuthorization },
      },
    },
    async (request) =>
      getUserAuthorization(ctx.db, request.principal, request.params.userId, request.params.authorizationId),
  )

  app.put(
    '/users/:userId/authorization/:authorizationId',
    {
      schema: {
        tags,
        summary: "Change an authorization's start and end dates (userAuthorizationUpdateRequest)",
        security,
        params: OneParams,
        body: Type.Object(
          { startDate: Type.Optional(DateText), endDate: Type.Optional(DateText) },
          { additionalProperties: false },
        ),
        response: { 200: UserAuthorization },
      },
    },
    async (request) =>
      updateUserAuthorization(
        ctx.db,
        request.principal,
        request.params.userId,
        request.params.authorizationId,
        request.body,
        ctx.now(),
      ),
  )

  app.delete(
    '/users/:userId/authorization/:authorizationId',
    { schema: { tags, summary: 'Delete an authorization', security, params: OneParams } },
    async (request, reply) => {
      await deleteUserAuthorization(
        ctx.db,
        request.principal,
        request.params.userId,
        request.params.authorizationId,
        ctx.now(),
      )
      return reply.code(204).send()
    },
  )
}
