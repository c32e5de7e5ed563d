/**
 * The floor of the envelope-create path, for `bench/floor.ts`: the service's own HTTP stack (platform's
 * `createApp`: Fastify, the JSON body parser, the error renderer) with the real create route's body and
 * response schemas, answering every valid request with a fixed summary. No authentication, rate
 * limiting, template lookup, merge or storage: what any implementation on this stack pays per request
 * before it does the work.
 */
import { createApp } from 'platform'
import { EnvelopeDefinitionInput, EnvelopeSummary } from '../src/envelopes/schema.js'
import { renderRestError } from '../src/rest/errors.js'

const FLOOR_SUMMARY = {
  envelopeId: '019a0000-0000-7000-8000-000000000000',
  uri: '/envelopes/019a0000-0000-7000-8000-000000000000',
  statusDateTime: '2026-11-22T00:00:00.000Z',
  status: 'sent',
}

const app = createApp({ logLevel: 'warn', bodyLimit: 25 * 1024 * 1024, renderError: renderRestError })
app.get('/healthz', async () => ({ status: 'ok' }))
app.post(
  '/restapi/v2.1/accounts/:accountId/envelopes',
  { schema: { body: EnvelopeDefinitionInput, response: { 201: EnvelopeSummary } } },
  async (_request, reply) => reply.code(201).send(FLOOR_SUMMARY),
)
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
