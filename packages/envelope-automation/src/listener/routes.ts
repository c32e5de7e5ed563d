import { Value } from '@sinclair/typebox/value'
import { ConnectEventPayload } from 'esign-contract'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { CaseStoreSchema } from '../cases/tables.js'
import { recordConnectEvent } from './completion.js'
import { isAuthenticConnectDelivery } from './signature.js'

export const CONNECT_LISTENER_PATH = '/connect/envelope-events'

export interface CompletionListenerOptions {
  db: Kysely<CaseStoreSchema>
  /** The Connect configuration's HMAC secrets; read per request so a rotation takes effect at once. */
  secrets: () => readonly string[]
  /** The account the console sends from; deliveries of any other account are ignored. */
  accountId: () => string | undefined
  now?: () => number
  path?: string
}

/**
 * The completion listener: `POST` of a Connect JSON SIM delivery. Refused with 401 unless signed with one of
 * our secrets (no secrets configured refuses everything), 400 when the body is not a delivery; otherwise
 * 200, also for events it does not apply (a redelivery, an envelope this console did not send, another
 * account: `decide.ts`), because a non-2xx only makes Connect deliver the same message again. Ignored
 * deliveries are logged at warn level with their reason.
 */
export async function registerCompletionListener(app: FastifyInstance, options: CompletionListenerOptions) {
  await app.register(async (scope) => {
    // The signature covers the exact bytes received, so the body is kept raw and parsed here.
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    )
    scope.post(options.path ?? CONNECT_LISTENER_PATH, async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      if (!isAuthenticConnectDelivery(body, request.headers, options.secrets())) {
        return reply.code(401).send({ error: 'missing or invalid X-DocuSign-Signature' })
      }
      let payload: unknown
      try {
        payload = JSON.parse(body.toString('utf8'))
      } catch {
        return reply.code(400).send({ error: 'the body is not JSON' })
      }
      if (!Value.Check(ConnectEventPayload, payload)) {
        const first = Value.Errors(ConnectEventPayload, payload).First()
        return reply.code(400).send({
          error: `not a Connect JSON SIM delivery: ${first?.path || '/'} ${first?.message ?? ''}`.trim(),
        })
      }
      const outcome = await recordConnectEvent(options.db, payload, {
        now: new Date((options.now ?? Date.now)()).toISOString(),
        accountId: options.accountId(),
      })
      const logged = { envelopeId: payload.data.envelopeId, accountId: payload.data.accountId, outcome }
      if (outcome.applied || outcome.reason === 'redelivery') request.log.info(logged, 'Connect event')
      else request.log.warn(logged, `Connect event ignored: ${outcome.reason}`)
      return reply.code(200).send(outcome)
    })
  })
}
