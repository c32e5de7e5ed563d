/**
 * The throughput ceiling: a bare `node:http` server answering each scenario's routes with a precomputed
 * body of the same bytes the recipe manager returns. Nothing is parsed, queried or serialised, so it
 * measures what HTTP on this machine costs, and the service's ratio to it shows its own overhead.
 *
 * Usage: PORT=<port> node --import tsx ceiling-server.ts <bodies.json>
 * where bodies.json is `{ "search": {"<term>": "<body>"}, "get": "<body>", "create": "<body>" }`.
 */
import { readFileSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'

interface CeilingBodies {
  search: Record<string, string>
  get: string
  create: string
}

const bodiesPath = process.argv[2]
if (!bodiesPath) throw new Error('usage: ceiling-server.ts <bodies.json>')
const bodies = JSON.parse(readFileSync(bodiesPath, 'utf8')) as CeilingBodies
const searchBodies = new Map(Object.entries(bodies.search).map(([term, body]) => [term, Buffer.from(body)]))
const getBody = Buffer.from(bodies.get)
const createBody = Buffer.from(bodies.create)
const healthBody = Buffer.from('{"status":"ok"}')
const notFoundBody = Buffer.from('{"success":false,"error":"Not found"}')

function send(response: ServerResponse, status: number, body: Buffer): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  })
  response.end(body)
}

const server = createServer((request, response) => {
  const url = request.url ?? '/'
  if (request.method === 'POST') {
    request.resume()
    request.once('end', () => send(response, 201, createBody))
    return
  }
  if (url === '/healthz') return send(response, 200, healthBody)
  if (url.startsWith('/api/recipes?')) {
    const term = new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('search') ?? ''
    const body = searchBodies.get(term)
    return body ? send(response, 200, body) : send(response, 404, notFoundBody)
  }
  if (url.startsWith('/api/recipes/')) return send(response, 200, getBody)
  send(response, 404, notFoundBody)
})

server.keepAliveTimeout = 60_000
server.listen(Number(process.env.PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
