import { Agent, request } from 'node:http'

export interface HttpResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface SendOptions {
  headers?: Record<string, string>
  timeoutMs?: number
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 })

/**
 * One HTTP request over a shared keep-alive agent; rejects on network errors and after the timeout.
 * An object body is sent as JSON, a string as given (set its content-type in `headers`).
 */
export function send(
  method: string,
  url: string,
  body?: unknown,
  options: SendOptions = {},
): Promise<HttpResponse> {
  const timeoutMs = options.timeoutMs ?? 30_000
  const payload =
    body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body))
  const headers: Record<string, string | number> = {
    ...(payload && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
    ...(payload ? { 'content-length': payload.length } : {}),
    ...options.headers,
  }
  return new Promise((resolveResponse, reject) => {
    const outgoing = request(url, { method, agent, headers, timeout: timeoutMs }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () =>
        resolveResponse({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
      incoming.on('error', reject)
    })
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`${method} ${url} timed out after ${timeoutMs} ms`)),
    )
    outgoing.on('error', reject)
    outgoing.end(payload)
  })
}

/** Throws with the start of the body when `response` does not have `status`. */
export function expectStatus(response: HttpResponse, status: number, what: string): void {
  if (response.status !== status) {
    throw new Error(
      `${what}: expected HTTP ${status}, got ${response.status}: ${response.body.slice(0, 300)}`,
    )
  }
}

/** Runs `task(index)` for every index below `count` with `concurrency` tasks in flight; stops at the first failure. */
export async function runPool(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < count) {
      const index = next++
      try {
        await task(index)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
}

/** Closes the shared keep-alive connections so the process can exit. */
export function closeAgent(): void {
  agent.destroy()
}
