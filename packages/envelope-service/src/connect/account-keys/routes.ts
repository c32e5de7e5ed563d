import { Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../../context.js'
import { requirePermission } from '../../rest/account-scope.js'
import { accountKeys, generateAccountKey, removeAccountKey } from './service.js'

const ErrorBody = Type.Object({ errorCode: Type.String(), message: Type.String() })
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody }

const ConnectKey = Type.Object({
  keyId: Type.String(),
  created: Type.String(),
  secret: Type.Optional(
    Type.String({ description: 'Only in the response that generated it; never shown again.' }),
  ),
})

/** `/connect/secret`: the account's Connect keys, administrators only (DocuSign's ConnectSecret calls). */
export async function connectAccountKeyRoutes(app: App, ctx: ServiceContext) {
  const common = { tags: ['Connect'], security: [{ bearer: [] }] }
  const preHandler = requirePermission('administer')

  app.post(
    '/connect/secret',
    {
      preHandler,
      schema: {
        ...common,
        summary: "Generate a Connect key of the account (shown once): signs envelopes' own webhooks",
        response: { 201: ConnectKey, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await generateAccountKey(ctx.db, request.principal.accountId, ctx.now())),
  )

  app.get(
    '/connect/secret',
    {
      preHandler,
      schema: {
        ...common,
        summary: "List the account's Connect keys (without their secrets)",
        response: { 200: Type.Object({ connectKeys: Type.Array(ConnectKey) }), ...errors },
      },
    },
    async (request) => ({
      connectKeys: (await accountKeys(ctx.db, request.principal.accountId)).map(({ keyId, created }) => ({
        keyId,
        created,
      })),
    }),
  )

  app.delete(
    '/connect/secret/:keyId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete a Connect key of the account',
        params: Type.Object({ keyId: Type.String() }),
        response: { 200: Type.Object({}), ...errors },
      },
    },
    async (request) => {
      await removeAccountKey(ctx.db, request.principal.accountId, request.params.keyId)
      return {}
    },
  )
}
