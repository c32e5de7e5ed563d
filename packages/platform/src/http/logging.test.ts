import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError, NotFoundError, ServiceBusyError } from '../errors.js'
import { type App, createApp } from './create-app.js'
import { formatPretty, redactQuery } from './logging.js'

describe('redactQuery', () => {
  it('hides the values of credential parameters and keeps the rest', () => {
    expect(redactQuery('/oauth/auth?code=abc&state=s1&token=t&ASSERTION=j.w.t')).toBe(
      '/oauth/auth?code=***&state=s1&token=***&ASSERTION=***',
    )
    expect(redactQuery('/api/recipes?search=code')).toBe('/api/recipes?search=code')
    expect(redactQuery('/plain')).toBe('/plain')
  })
})

describe('formatPretty', () => {
  it('reads an access-log record as one line', () => {
    const line = formatPretty(
      {
        level: 30,
        time: Date.UTC(2026, 0, 1, 12, 0, 0),
        method: 'GET',
        url: '/x',
        status: 404,
        ms: 1.5,
        code: 'not_found',
        reqId: 'r1',
        msg: 'request',
      },
      false,
    )
    expect(line).toBe('12:00:00.000 INFO  GET /x 404 1.5ms code=not_found req=r1')
  })

  it('puts an error stack under its line', () => {
    const line = formatPretty({ level: 50, time: 0, msg: 'boom', err: { stack: 'Error: x\n  at y' } }, false)
    expect(line).toBe('00:00:00.000 ERROR boom\n    Error: x\n      at y')
  })
})

describe('access log', () => {
  let app: App
  const lines: Record<string, unknown>[] = []
  beforeAll(async () => {
    const stream = new PassThrough()
    stream.on('data', (chunk: Buffer) => {
      for (const text of chunk.toString().split('\n')) if (text) lines.push(JSON.parse(text))
    })
    app = createApp({
      logLevel: 'info',
      logFormat: 'json',
      logStream: stream,
      bodyLimit: 1024,
      renderError: (error) => ({
        errorCode: error.errorCode ?? error.kind.toUpperCase(),
        message: error.message,
      }),
    })
    app.get('/ok', async () => ({ ok: true }))
    app.get('/missing', async () => {
      throw new NotFoundError('Thing 7 not found')
    })
    app.get('/limited', async () => {
      throw new AppError('rate_limited', 'slow down', { errorCode: 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED' })
    })
    app.get('/boom', async () => {
      throw new Error('select * from secrets')
    })
    app.get('/busy', async () => {
      throw new ServiceBusyError('too many at once', { headers: { 'retry-after': '1' } })
    })
    await app.ready()
  })
  afterAll(() => app.close())

  const lineOf = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ url, headers })
    await new Promise((resolve) => setImmediate(resolve))
    const line = lines.find((entry) => entry.reqId === response.headers['x-request-id'])
    return { response, line }
  }

  it('writes one info line per successful request with method, redacted URL, status, duration and id', async () => {
    const before = lines.length
    const { response, line } = await lineOf('/ok?token=hunter2&page=2')
    expect(response.statusCode).toBe(200)
    expect(lines.length - before).toBe(1)
    expect(line).toMatchObject({ level: 30, method: 'GET', url: '/ok?token=***&page=2', status: 200 })
    expect(typeof line?.ms).toBe('number')
    expect(JSON.stringify(line)).not.toContain('hunter2')
  })

  it('logs a 4xx at info with the error code the client got', async () => {
    expect((await lineOf('/missing')).line).toMatchObject({ level: 30, status: 404, code: 'NOT_FOUND' })
    expect((await lineOf('/limited')).line).toMatchObject({
      status: 429,
      code: 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED',
    })
    expect((await lineOf('/no-such-route')).line).toMatchObject({ status: 404, url: '/no-such-route' })
  })

  it('logs a 5xx once, at error level, with method, URL, status and the exception', async () => {
    const before = lines.length
    const { line } = await lineOf('/boom')
    expect(lines.length - before).toBe(1)
    expect(line).toMatchObject({ level: 50, method: 'GET', url: '/boom', status: 500 })
    expect(line?.err).toMatchObject({ message: 'select * from secrets' })
  })

  it('logs a 503 the service chose as a warning without a stack', async () => {
    const { response, line } = await lineOf('/busy')
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('1')
    expect(line).toMatchObject({ level: 40, status: 503, code: 'UNAVAILABLE', msg: 'request refused' })
    expect(line?.err).toBeUndefined()
  })

  it('keeps a plain client request id and replaces one that is too long or carries other characters', async () => {
    const kept = await lineOf('/ok', { 'x-request-id': 'client-1.2:3_x' })
    expect(kept.response.headers['x-request-id']).toBe('client-1.2:3_x')
    expect(kept.line?.reqId).toBe('client-1.2:3_x')
    for (const bad of ['x'.repeat(129), 'two words', 'line\u2028break', 'a"b']) {
      const replaced = await app.inject({ url: '/ok', headers: { 'x-request-id': bad } })
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    }
    const longest = await app.inject({ url: '/ok', headers: { 'x-request-id': 'y'.repeat(128) } })
    expect(longest.headers['x-request-id']).toBe('y'.repeat(128))
  })

  it('sends nosniff on every response and no HSTS over plain HTTP', async () => {
    for (const url of ['/ok', '/missing', '/boom', '/no-such-route']) {
      const response = await app.inject(url)
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['strict-transport-security']).toBeUndefined()
    }
  })
})
