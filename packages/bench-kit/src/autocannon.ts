import { createRequire } from 'node:module'

/** A request autocannon sends; `setupRequest` may rewrite it before each send. */
export interface LoadRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string | Buffer
  setupRequest?: (request: LoadRequest, context: Record<string, unknown>) => LoadRequest
}

/** The subset of autocannon 8's programmatic options the kit uses. */
export interface AutocannonOptions {
  url: string
  connections: number
  duration: number
  /** Stop after this many requests instead of after `duration`. */
  amount?: number
  timeout?: number
  requests: LoadRequest[]
  /** Called with each connection's client as it is created, e.g. to give it its own request list. */
  setupClient?: (client: AutocannonClient) => void
}

/** The part of autocannon 8's per-connection client the kit uses. */
export interface AutocannonClient {
  setRequests(requests: LoadRequest[]): void
}

interface Histogram {
  average: number
  p50: number
  p90: number
  p99: number
}

/** The subset of autocannon 8's result the kit reads. */
export interface AutocannonResult {
  duration: number
  errors: number
  timeouts: number
  non2xx: number
  '2xx': number
  latency: Histogram
  requests: Histogram & { total: number; sent: number }
}

// autocannon is CommonJS and ships no types: typed here rather than through an ambient module declaration.
export const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>

/** A request that `build`s a fresh variant for each send, e.g. cycling through ids or bodies. */
export function cyclingRequest(build: (sequence: number) => LoadRequest): LoadRequest {
  let sequence = 0
  return { setupRequest: (request) => ({ ...request, ...build(sequence++) }) }
}

/** `requests` cycled from index `start` (modulo its length) instead of from the first request. */
export function rotateRequests<T>(requests: readonly T[], start: number): T[] {
  if (requests.length === 0) return []
  const at = ((start % requests.length) + requests.length) % requests.length
  return [...requests.slice(at), ...requests.slice(0, at)]
}

/**
 * A `setupClient` that starts connection i of `connections` at i/connections of the way through
 * `requests`. autocannon otherwise starts every connection at the first request, so connections walk a
 * fixed list in step and send the same request at about the same time: a server caching responses then
 * answers all but the first from its cache.
 */
export function staggeredClients(
  requests: readonly LoadRequest[],
  connections: number,
): (client: AutocannonClient) => void {
  const step = requests.length / Math.max(1, connections)
  let next = 0
  return (client) => {
    const index = next++
    if (requests.length > 1 && index > 0) {
      client.setRequests(rotateRequests(requests, Math.floor((index % connections) * step)))
    }
  }
}
