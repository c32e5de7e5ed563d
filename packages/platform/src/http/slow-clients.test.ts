import { type AddressInfo, connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, createApp } from './create-app.js'
import { httpLimitsFromEnvironment } from './limits.js'

const SLOW_CONNECTIONS = 500
const HEADERS_TIMEOUT_MS = 3_000

/** Milliseconds each of `count` sequential GETs on fresh connections takes. */
async function timeRequests(url: string, count: number): Promise<number[]> {
  const durations: number[] = []
  for (let index = 0; index < count; index++) {
    const started = performance.now()
    const response = await fetch(url, { headers: { connection: 'close' } })
    expect(response.status).toBe(200)
    await response.arrayBuffer()
    durations.push(performance.now() - started)
  }
  return durations
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

describe('slow clients (slowloris)', () => {
  let app: App
  let port: number
  beforeAll(async () => {
    app = createApp({
      logLevel: false,
      bodyLimit: 1024,
      limits: { ...httpLimitsFromEnvironment({}), headersTimeoutMs: HEADERS_TIMEOUT_MS },
      renderError: (error) => ({ kind: error.kind, message: error.message }),
    })
    app.get('/fast', async () => ({ fast: true }))
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as AddressInfo).port
  })
  afterAll(() => app.close())

  it('cuts connections trickling their headers at the header timeout, while normal requests are served', async () => {
    const url = `http://127.0.0.1:${port}/fast`
    await timeRequests(url, 20)
    const baseline = await timeRequests(url, 100)

    const slow: { socket: Socket; answer: string; closedAfterMs: number | undefined }[] = []
    const opened = performance.now()
    await Promise.all(
      Array.from({ length: SLOW_CONNECTIONS }, async () => {
        const socket = connect(port, '127.0.0.1')
        const entry = { socket, answer: '', closedAfterMs: undefined as number | undefined }
        slow.push(entry)
        socket.setEncoding('latin1')
        socket.on('data', (chunk: string) => {
          entry.answer += chunk
        })
        socket.on('error', () => {})
        socket.on('close', () => {
          entry.closedAfterMs = performance.now() - opened
        })
        await new Promise((resolve) => socket.once('connect', resolve))
        socket.write('GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
      }),
    )
    // One more header byte a second on each, the request never completing.
    const trickle = setInterval(() => {
      for (const { socket } of slow) if (!socket.destroyed) socket.write('a')
    }, 1_000)
    try {
      // Normal requests all along, until the last slow connection is cut (and the server's 500 answers).
      const during: number[] = []
      const allCut = () => slow.every((entry) => entry.closedAfterMs !== undefined)
      while (!allCut() && performance.now() - opened < HEADERS_TIMEOUT_MS * 4) {
        during.push(...(await timeRequests(url, 10)))
      }
      expect(allCut()).toBe(true)
      for (const entry of slow) {
        expect(entry.answer).toMatch(/^HTTP\/1.1 408/)
        expect(entry.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50)
      }
      // Measured, not asserted (README "Limits and hardening"): the delay normal requests see.
      const closed = slow.map((entry) => entry.closedAfterMs as number)
      console.log(
        `slowloris: ${SLOW_CONNECTIONS} slow connections; normal request ms p50/p95/max ` +
          `before ${[50, 95, 100].map((p) => percentile(baseline, p).toFixed(1)).join('/')}, ` +
          `during ${[50, 95, 100].map((p) => percentile(during, p).toFixed(1)).join('/')}; ` +
          `slow ones cut after ${Math.min(...closed).toFixed(0)}-${Math.max(...closed).toFixed(0)} ms ` +
          `(header timeout ${HEADERS_TIMEOUT_MS} ms)`,
      )
    } finally {
      clearInterval(trickle)
      for (const { socket } of slow) socket.destroy()
    }
  }, 60_000)
})
