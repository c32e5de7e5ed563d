import { Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import {
  createAccountClient,
  describeClient,
  listAccountClients,
  removeRedirectUri,
  removeSecretKey,
  requireAccountClient,
  updateAccountClient,
} from '../identity/clients/management.js'
import { listConsents } from '../identity/clients/repository.js'
import { addRedirectUri, addSecretKey } from '../identity/clients/service.js'
import { requirePermission } from '../rest/account-scope.js'

const ClientKind = Type.Union([Type.Literal('confidential'), Type.Literal('public')], {
  description: 'confidential: secret key by HTTP Basic; public: PKCE, no secret',
})
const IntegrationKey = Type.Object({
  integrationKey: Type.String(),
  name: Type.String(),
  enabled: Type.Boolean(),
  clientKind: ClientKind,
  redirectUris: Type.Array(Type.String()),
  secretKeys: Type.Array(Type.Object({ secretId: Type.String(), createdDateTime: Type.String() })),
  publicKeys: Type.Array(Type.Object({ publicKeyId: Type.String(), createdDateTime: Type.String() })),
  privateKeyPem: Type.Optional(
    Type.String({ description: 'Only in the create answer, when the pair was generated here' }),
  ),
})
const NewIntegrationKey = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  clientKind: Type.Optional(ClientKind),
  redirectUris: Type.Optional(Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 50 })),
  publicKeyPem: Type.Optional(
    Type.String({
      maxLength: 10_000,
      description: 'Upload this RSA public key instead of generating a pair',
    }),
  ),
})
const KeyParams = Type.Object({ accountId: Type.String(), integrationKey: Type.String({ maxLength: 64 }) })
const tags = ['IntegrationKeys (Inkwell extension)']
const security = [{ bearer: [] }]

/**
 * `/accounts/{accountId}/integration_keys`: the account's integration keys, for administrators (the web
 * app's Settings screen). This service's extension: DocuSign has no public REST API for its keys.
 */
export async function integrationKeyRoutes(app: App, ctx: ServiceContext) {
  await app.register(async (plugin) => {
    const scope = plugin as App
    scope.addHook('preHandler', requirePermission('administer'))
    scope.addHook('preHandler', async (request) => {
      const { accountId, integrationKey } = request.params as { accountId: string; integrationKey?: string }
      if (integrationKey !== undefined) await requireAccountClient(ctx.db, accountId, integrationKey)
    })

    scope.get(
      '/integration_keys',
      {
        schema: {
          tags,
          summary: "List the account's integration keys",
          security,
          response: { 200: Type.Object({ integrationKeys: Type.Array(IntegrationKey) }) },
        },
      },
      async (request) => ({ integrationKeys: await listAccountClients(ctx.db, request.principal.accountId) }),
    )

    scope.post(
      '/integration_keys',
      {
        schema: {
          tags,
          summary: 'Create an integration key (RSA pair generated here unless a public key is uploaded)',
          security,
          body: NewIntegrationKey,
          response: { 201: IntegrationKey },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await createAccountClient(ctx.db, request.principal.accountId, request.body, ctx.now())),
    )

    scope.get(
      '/integration_keys/:integrationKey',
      {
        schema: {
          tags,
          summary: 'Get an integration key',
          security,
          params: KeyParams,
          response: { 200: IntegrationKey },
        },
      },
      async (request) => describeClient(ctx.db, request.params.integrationKey),
    )

    scope.put(
      '/integration_keys/:integrationKey',
      {
        schema: {
          tags,
          summary: 'Rename, enable or disable (disabling revokes its tokens)',
          security,
          params: KeyParams,
          body: Type.Object({
            name: Type.Optional(Type.String({ maxLength: 200 })),
            enabled: Type.Optional(Type.Boolean()),
          }),
          response: { 200: IntegrationKey },
        },
      },
      async (request) => updateAccountClient(ctx.db, request.params.integrationKey, request.body),
    )

    scope.post(
      '/integration_keys/:integrationKey/secrets',
      {
        schema: {
          tags,
          summary: 'Add a secret key (shown in this answer only)',
          security,
          params: KeyParams,
          response: {
            201: Type.Object({
              secretId: Type.String(),
              secretKey: Type.String(),
              createdDateTime: Type.String(),
            }),
          },
        },
      },
      async (request, reply) => {
        const secret = await addSecretKey(ctx.db, request.params.integrationKey, ctx.now())
        return reply
          .code(201)
          .send({ secretId: secret.secretId, secretKey: secret.secretKey, createdDateTime: secret.createdAt })
      },
    )

    scope.delete(
      '/integration_keys/:integrationKey/secrets/:secretId',
      {
        schema: {
          tags,
          summary: 'Remove a secret key',
          security,
          params: Type.Composite([KeyParams, Type.Object({ secretId: Type.String({ maxLength: 64 }) })]),
          response: { 204: Type.Null() },
        },
      },
      async (request, reply) => {
        await removeSecretKey(ctx.db, request.params.integrationKey, request.params.secretId)
        return reply.code(204).send(null)
      },
    )

    const RedirectUriBody = Type.Object({ redirectUri: Type.String({ minLength: 1, maxLength: 2048 }) })
    scope.post(
      '/integration_keys/:integrationKey/redirect_uris',
      {
        schema: {
          tags,
          summary: 'Register a redirect URI',
          security,
          params: KeyParams,
          body: RedirectUriBody,
          response: { 201: IntegrationKey },
        },
      },
      async (request, reply) => {
        await addRedirectUri(ctx.db, request.params.integrationKey, request.body.redirectUri, ctx.now())
        return reply.code(201).send(await describeClient(ctx.db, request.params.integrationKey))
      },
    )

    scope.delete(
      '/integration_keys/:integrationKey/redirect_uris',
      {
        schema: {
          tags,
          summary: 'Remove a redirect URI',
          security,
          params: KeyParams,
          body: RedirectUriBody,
          response: { 200: IntegrationKey },
        },
      },
      async (request) => {
        await removeRedirectUri(ctx.db, request.params.integrationKey, request.body.redirectUri)
        return describeClient(ctx.db, request.params.integrationKey)
      },
    )

    scope.get(
      '/integration_keys/:integrationKey/consents',
      {
        schema: {
          tags,
          summary: 'The users who consented to this integration key, and to what',
          security,
          params: KeyParams,
          response: {
            200: Type.Object({
              consents: Type.Array(
                Type.Object({
                  userId: Type.String(),
                  userName: Type.String(),
                  email: Type.String(),
                  scopes: Type.Array(Type.String()),
                  grantedDateTime: Type.String(),
                }),
              ),
            }),
          },
        },
      },
      async (request) => ({
        consents: (await listConsents(ctx.db, request.params.integrationKey)).map((consent) => ({
          userId: consent.userId,
          userName: consent.userName,
          email: consent.email,
          scopes: consent.scopes,
          grantedDateTime: consent.grantedAt,
        })),
      }),
    )
  })
}
