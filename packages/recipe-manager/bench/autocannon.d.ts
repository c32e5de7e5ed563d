// The subset of autocannon 8's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  export interface RequestParams {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
  }

  export interface Request extends RequestParams {
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams
  }

  export interface Options {
    url: string
    connections?: number
    duration?: number
    timeout?: number
    method?: string
    headers?: Record<string, string>
    body?: string | Buffer
    requests?: Request[]
  }

  export interface Histogram {
    average: number
    mean: number
    min: number
    max: number
    p50: number
    p90: number
    p99: number
  }

  export interface Result {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    latency: Histogram
    requests: Histogram & { total: number; sent: number }
    statusCodeStats: Record<string, { count: number }>
  }

  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
