/**
 * The floor under get by id, for `bench/floor.ts`: a server answering `GET /api/recipes/:id` with one
 * fixed recipe answer (`FLOOR_BODY`), built as `FLOOR=fastify` (bare Fastify 5, an async route) or
 * `FLOOR=platform` (platform's `createApp` with the service's error renderer, body limit, id check and the
 * real route's params and response schemas: everything the service's get pays before it reads the row).
 * No database. What any get on this stack pays per request before it does its own work.
 */
import Fastify from 'fastify'
import { type App, createApp } from 'platform'
import { BODY_LIMIT_BYTES } from '../src/config.js'
import { renderRecipeError } from '../src/errors.js'
import { RecipeResponse } from '../src/recipes/schema.js'
import { errorResponses, IdParams, rejectNonDecimalIds, sendSerialized } from '../src/schemas.js'

const body = process.env.FLOOR_BODY ?? '{}'
const kind = process.env.FLOOR

async function platformServer() {
  const app = createApp({ logLevel: 'warn', bodyLimit: BODY_LIMIT_BYTES, renderError: renderRecipeError })
  app.get('/healthz', async () => ({ status: 'ok' }))
  await app.register(
    async (scope) => {
      scope.addHook('preValidation', rejectNonDecimalIds)
      ;(scope as App).get(
        '/recipes/:id',
        { schema: { params: IdParams, response: { 200: RecipeResponse, ...errorResponses(400, 404) } } },
        async (_request, reply) => sendSerialized(reply, await Promise.resolve(body)),
      )
    },
    { prefix: '/api' },
  )
  return app
}

function fastifyServer() {
  const app = Fastify()
  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/api/recipes/:id', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(await Promise.resolve(body)),
  )
  return app
}

if (kind !== 'fastify' && kind !== 'platform') throw new Error('FLOOR must be fastify or platform')
const app = kind === 'platform' ? await platformServer() : fastifyServer()
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
