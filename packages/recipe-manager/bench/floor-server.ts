/**
 * The floor under get by id, for `bench/floor.ts`: a server answering `GET /api/recipes/:id` with one
 * fixed recipe answer (`FLOOR_BODY`), built as `FLOOR=fastify` (bare Fastify 5, an async route) or
 * `FLOOR=platform` (platform's `createApp` with the service's error renderer, body limit, id check and the
 * real route's params and response schemas: everything the service's get pays before it reads the row).
 * No database. What any get on this stack pays per request before it does its own work.
 * `FLOOR=slowed` is the ceiling's kind of server (bare `node:http`) that first keeps the CPU busy for
 * `FLOOR_SPIN_US` µs: a server exactly that much slower than the ceiling, to see what the measurement
 * itself adds to a slower server's CPU per request.
 */
import { createServer } from 'node:http'
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

function slowedServer() {
  const spinMs = Number(process.env.FLOOR_SPIN_US ?? 50) / 1000
  const bytes = Buffer.from(body)
  return createServer((request, response) => {
    if (request.url === '/healthz') return response.end('{"status":"ok"}')
    const until = performance.now() + spinMs
    while (performance.now() < until) {
      // busy: the work a slower server does per request
    }
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': bytes.length,
    })
    response.end(bytes)
  })
}

if (kind === 'slowed') {
  const server = slowedServer().listen(Number(process.env.PORT), '127.0.0.1')
  process.on('SIGTERM', () => server.close(() => process.exit(0)))
} else {
  if (kind !== 'fastify' && kind !== 'platform') throw new Error('FLOOR must be fastify, platform or slowed')
  const app = kind === 'platform' ? await platformServer() : fastifyServer()
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
}
