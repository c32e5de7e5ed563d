import { Agent, request } from 'node:http'

export interface HttpResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 })

/** One HTTP request over a shared keep-alive agent; rejects on network errors and after `timeoutMs`. */
export function send(method: string, url: string, body?: unknown, timeoutMs = 30_000): Promise<HttpResponse> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body))
  return new Promise((resolveResponse, reject) => {
    const outgoing = request(
      url,
      {
        method,
        agent,
        headers: payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {},
        timeout: timeoutMs,
      },
      (incoming) => {
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
      },
    )
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`${method} ${url} timed out after ${timeoutMs} ms`)),
    )
    outgoing.on('error', reject)
    outgoing.end(payload)
  })
}

/** Runs `task(index)` for every index below `count` with `concurrency` requests in flight; stops at the first failure. */
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

export function closeAgent(): void {
  agent.destroy()
}
