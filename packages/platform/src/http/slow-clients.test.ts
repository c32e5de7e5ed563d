import { spawn } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, createApp } from './create-app.js'
import { httpLimitsFromEnvironment } from './limits.js'

const SLOW_CONNECTIONS = 500
const HEADERS_TIMEOUT_MS = 3_000

/**
 * Another process opening `count` connections that send a request line and then one header byte a second,
 * never finishing; it prints `open` once all are connected, then, when all are closed (or after
 * `giveUpMs`), one JSON line: what each received first and how long after opening it was closed.
 */
const SLOWLORIS = `
  import { connect } from 'node:net'
  const [port, count, giveUpMs] = process.argv.slice(1).map(Number)
  const sockets = []
  const started = performance.now()
  await Promise.all(Array.from({ length: count }, () => new Promise((opened) => {
    const socket = connect(port, '127.0.0.1')
    const entry = { answer: '', closedAfterMs: null }
    sockets.push({ socket, entry })
    socket.setEncoding('latin1')
    socket.on('data', (chunk) => { entry.answer += chunk })
    socket.on('error', () => {})
    socket.on('close', () => { entry.closedAfterMs = performance.now() - started; finish() })
    socket.once('connect', () => { socket.write('GET /fast HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nX-Slow: '); opened() })
  })))
  console.log('open')
  const trickle = setInterval(() => { for (const { socket } of sockets) if (!socket.destroyed) socket.write('a') }, 1000)
  const giveUp = setTimeout(() => { for (const { socket } of sockets) socket.destroy() }, giveUpMs)
  function finish() {
    if (sockets.length < count || sockets.some(({ entry }) => entry.closedAfterMs === null)) return
    clearInterval(trickle)
    clearTimeout(giveUp)
    console.log(JSON.stringify(sockets.map(({ entry }) => ({ status: entry.answer.slice(0, 12), closedAfterMs: entry.closedAfterMs }))))
  }`

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
const summary = (values: number[]) => [50, 95, 100].map((p) => percentile(values, p).toFixed(1)).join('/')

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
    const baseline = await timeRequests(url, 200)

    const slow = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        SLOWLORIS,
        String(port),
        String(SLOW_CONNECTIONS),
        String(HEADERS_TIMEOUT_MS * 4),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const lines = createInterface({ input: slow.stdout })[Symbol.asyncIterator]()
    expect((await lines.next()).value).toBe('open')
    const report = lines.next()
    let finished = false
    void report.then(() => {
      finished = true
    })
    // Normal requests all along, until the last slow connection is cut.
    const during: number[] = []
    while (!finished) during.push(...(await timeRequests(url, 10)))
    const results = JSON.parse((await report).value as string) as { status: string; closedAfterMs: number }[]

    expect(results).toHaveLength(SLOW_CONNECTIONS)
    for (const result of results) {
      expect(result.status).toBe('HTTP/1.1 408')
      expect(result.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50)
    }
    // Measured, not asserted (README "Limits and hardening"): the delay normal requests see.
    const closed = results.map((result) => result.closedAfterMs)
    console.log(
      `slowloris: ${SLOW_CONNECTIONS} slow connections from another process; normal request ms p50/p95/max ` +
        `before ${summary(baseline)}, during ${summary(during)} (${during.length} requests); slow ones cut ` +
        `after ${Math.min(...closed).toFixed(0)}-${Math.max(...closed).toFixed(0)} ms (header timeout ${HEADERS_TIMEOUT_MS} ms)`,
    )
  }, 60_000)
})
