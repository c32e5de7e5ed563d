import { type Static, Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import { authRoutes } from './auth/routes.js'
import { AUTH_TOKEN_HEADER } from './auth/schema.js'
import { clientOf, Headers } from './request.js'
import {
  AcceptDisclosureRequest,
  DeclineSigningRequest,
  DisclosureAccepted,
  FinishSigningRequest,
  ReassignSigningRequest,
  SessionDisclosure,
  SIGNING_TOKEN_HEADER,
  SigningOutcome,
  SigningSession,
} from './schema.js'
import {
  acceptDisclosure,
  authenticatedSigner,
  declineSigning,
  finishSigning,
  openSession,
  readDisclosure,
  reassignSigning,
  type Signer,
  signedCombined,
  signingDocument,
} from './service.js'

/**
 * The signing page's JSON API under /signing/api. The token comes in a header (the page reads it from
 * its URL fragment), never in a URL; responses are never cached.
 *
 * Every route here serves one recipient, so one `preHandler` hook resolves the token to the link and
 * recipient and refuses the call unless the recipient passed the checks it owes (signing/auth): a route
 * added here cannot forget it. The authentication routes themselves (auth/routes.ts) sit beside this
 * scope, without the hook, since they are how a recipient passes.
 */
export async function signingRoutes(app: App, ctx: ServiceContext) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    reply.header('referrer-policy', 'no-referrer')
  })
  await app.register(async (scope) => authenticatedRoutes(scope as App, ctx))
  await authRoutes(app, ctx)
}

/** Set on the one route that may spend a once-only recipient view URL (the page's session). */
interface SigningRouteConfig {
  opensPage?: boolean
}

const signers = new WeakMap<object, Signer>()

/** The authenticated signer of a request that passed the hook. */
function signerOf(request: object): Signer {
  const signer = signers.get(request)
  if (!signer) throw new Error('signing route without its authentication hook')
  return signer
}

async function authenticatedRoutes(app: App, ctx: ServiceContext) {
  app.addHook('preHandler', async (request) => {
    const headers = request.headers as Static<typeof Headers>
    const config = request.routeOptions.config as SigningRouteConfig
    signers.set(
      request,
      await authenticatedSigner(
        ctx,
        headers[SIGNING_TOKEN_HEADER],
        headers[AUTH_TOKEN_HEADER],
        config.opensPage === true,
      ),
    )
  })

  app.get(
    '/signing/api/session',
    {
      schema: { hide: true, headers: Headers, response: { 200: SigningSession } },
      config: { opensPage: true } satisfies SigningRouteConfig,
    },
    async (request) => openSession(ctx, signerOf(request), clientOf(request)),
  )

  app.get(
    '/signing/api/documents/:documentId',
    {
      schema: {
        hide: true,
        headers: Headers,
        params: Type.Object({ documentId: Type.String({ pattern: '^[0-9]{1,9}$' }) }),
      },
    },
    async (request, reply) => {
      const bytes = await signingDocument(ctx, signerOf(request), request.params.documentId)
      return reply.type('application/pdf').send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    },
  )

  app.get('/signing/api/combined', { schema: { hide: true, headers: Headers } }, async (request, reply) => {
    const bytes = await signedCombined(ctx, signerOf(request))
    return reply
      .type('application/pdf')
      .header('content-disposition', 'attachment; filename="signed.pdf"')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  })

  app.post(
    '/signing/api/finish',
    {
      schema: { hide: true, headers: Headers, body: FinishSigningRequest, response: { 200: SigningOutcome } },
    },
    async (request) => finishSigning(ctx, signerOf(request), request.body, clientOf(request)),
  )

  app.get(
    '/signing/api/disclosure',
    { schema: { hide: true, headers: Headers, response: { 200: SessionDisclosure } } },
    async (request) => readDisclosure(ctx, signerOf(request)),
  )

  app.post(
    '/signing/api/disclosure',
    {
      schema: {
        hide: true,
        headers: Headers,
        body: AcceptDisclosureRequest,
        response: { 200: DisclosureAccepted },
      },
    },
    async (request) => acceptDisclosure(ctx, signerOf(request), clientOf(request), request.body ?? {}),
  )

  app.post(
    '/signing/api/decline',
    {
      schema: {
        hide: true,
        headers: Headers,
        body: DeclineSigningRequest,
        response: { 200: SigningOutcome },
      },
    },
    async (request) => declineSigning(ctx, signerOf(request), request.body, clientOf(request)),
  )

  app.post(
    '/signing/api/reassign',
    {
      schema: {
        hide: true,
        headers: Headers,
        body: ReassignSigningRequest,
        response: { 200: SigningOutcome },
      },
    },
    async (request) => reassignSigning(ctx, signerOf(request), request.body, clientOf(request)),
  )
}
