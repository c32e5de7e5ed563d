import { Type } from '@sinclair/typebox'
import type { App } from 'platform'
import type { ServiceContext } from '../context.js'
import { authRoutes } from './auth-routes.js'
import { AUTH_TOKEN_HEADER } from './auth-schema.js'
import { clientOf, Headers } from './request.js'
import {
  DeclineSigningRequest,
  FinishSigningRequest,
  SIGNING_TOKEN_HEADER,
  SigningOutcome,
  SigningSession,
} from './schema.js'
import { declineSigning, finishSigning, openSession, signedCombined, signingDocument } from './service.js'

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
        request.headers[AUTH_TOKEN_HEADER],
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
        request.headers[AUTH_TOKEN_HEADER],
      )
      return reply.type('application/pdf').send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    },
  )

  app.get('/signing/api/combined', { schema: { hide: true, headers: Headers } }, async (request, reply) => {
    const bytes = await signedCombined(
      ctx,
      request.headers[SIGNING_TOKEN_HEADER],
      request.headers[AUTH_TOKEN_HEADER],
    )
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
        request.headers[AUTH_TOKEN_HEADER],
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
        request.headers[AUTH_TOKEN_HEADER],
      ),
  )

  await authRoutes(app, ctx)
}
