import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

/** One precomputed answer of the ceiling server. */
export interface CeilingRoute {
  method: string
  /** Matched against the request URL: exactly (query included), else without the query, else as a prefix. */
  path: string
  prefix?: boolean
  status: number
  body: string
  contentType?: string
}

interface PreparedRoute {
  status: number
  headers: Record<string, string | number>
  body: Buffer
}

const HEALTH_PATH = '/healthz'

/**
 * The throughput ceiling: a bare `node:http` server answering each route with a precomputed body.
 * Nothing is parsed, queried or serialised (request bodies are read and dropped), so it measures what
 * HTTP on this machine costs for responses of those sizes; a service's ratio to it is its own overhead.
 */
export function createCeilingServer(routes: readonly CeilingRoute[]): Server {
  const exact = new Map<string, PreparedRoute>()
  const prefixes: Array<{ method: string; path: string; route: PreparedRoute }> = []
  const prepare = (route: CeilingRoute): PreparedRoute => {
    const body = Buffer.from(route.body)
    return {
      status: route.status,
      body,
      headers: {
        'content-type': route.contentType ?? 'application/json; charset=utf-8',
        'content-length': body.length,
      },
    }
  }
  for (const route of routes) {
    if (route.prefix) prefixes.push({ method: route.method, path: route.path, route: prepare(route) })
    else exact.set(`${route.method} ${route.path}`, prepare(route))
  }
  prefixes.sort((a, b) => b.path.length - a.path.length)
  if (!exact.has(`GET ${HEALTH_PATH}`)) {
    exact.set(
      `GET ${HEALTH_PATH}`,
      prepare({ method: 'GET', path: HEALTH_PATH, status: 200, body: '{"status":"ok"}' }),
    )
  }
  const notFound = prepare({ method: '', path: '', status: 404, body: '{"error":"no ceiling route"}' })

  const find = (method: string, url: string): PreparedRoute => {
    const full = exact.get(`${method} ${url}`)
    if (full) return full
    const queryAt = url.indexOf('?')
    const path = queryAt === -1 ? url : url.slice(0, queryAt)
    const bare = exact.get(`${method} ${path}`)
    if (bare) return bare
    for (const candidate of prefixes) {
      if (candidate.method === method && path.startsWith(candidate.path)) return candidate.route
    }
    return notFound
  }

  const answer = (response: ServerResponse, route: PreparedRoute) => {
    response.writeHead(route.status, route.headers)
    response.end(route.body)
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const route = find(request.method ?? 'GET', request.url ?? '/')
    if (request.method === 'GET' || request.method === 'HEAD') return answer(response, route)
    request.resume()
    request.once('end', () => answer(response, route))
  })
  server.keepAliveTimeout = 60_000
  return server
}
