import { Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import {
  DeclineSigningRequest,
  FinishSigningRequest,
  SIGNING_TOKEN_HEADER,
  SigningOutcome,
  SigningSession,
} from './schema.js'
import {
  type Client,
  declineSigning,
  finishSigning,
  openSession,
  signedCombined,
  signingDocument,
} from './service.js'

const ACCESS_CODE_HEADER = 'x-signing-access-code'

const Headers = Type.Object({
  [SIGNING_TOKEN_HEADER]: Type.String({ minLength: 20, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }),
  [ACCESS_CODE_HEADER]: Type.Optional(Type.String({ maxLength: 100 })),
})

function clientOf(request: { ip: string; headers: Record<string, string | string[] | undefined> }): Client {
  const agent = request.headers['user-agent']
  return { ipAddress: request.ip, userAgent: (Array.isArray(agent) ? agent[0] : agent)?.slice(0, 500) ?? '' }
}

/**
 * The signing page's JSON API under /signing/api. The token comes in a header (the page reads it from
 * its URL fragment), never in a URL; responses are never cached.
 */
export async function signingRoutes(app: App, ctx: ServiceContext) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    reply.header('referrer-policy', 'no-referrer')
  })

  app.get(
    '/signing/api/session',
    { schema: { hide: true, headers: Headers, response: { 200: SigningSession } } },
    async (request) =>
      openSession(
        ctx,
        request.headers[SIGNING_TOKEN_HEADER],
        clientOf(request),
        request.headers[ACCESS_CODE_HEADER],
      ),
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
      const bytes = await signingDocument(
        ctx,
        request.headers[SIGNING_TOKEN_HEADER],
        request.params.documentId,
      )
      return reply.type('application/pdf').send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    },
  )

  app.get('/signing/api/combined', { schema: { hide: true, headers: Headers } }, async (request, reply) => {
    const bytes = await signedCombined(ctx, request.headers[SIGNING_TOKEN_HEADER])
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
    async (request) =>
      finishSigning(
        ctx,
        request.headers[SIGNING_TOKEN_HEADER],
        request.body,
        clientOf(request),
        request.headers[ACCESS_CODE_HEADER],
      ),
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
    async (request) =>
      declineSigning(
        ctx,
        request.headers[SIGNING_TOKEN_HEADER],
        request.body,
        clientOf(request),
        request.headers[ACCESS_CODE_HEADER],
      ),
  )
}
