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
  timeout?: number
  requests: LoadRequest[]
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
