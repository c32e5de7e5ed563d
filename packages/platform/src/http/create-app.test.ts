import { type AddressInfo, connect, type Socket } from 'node:net'
import { Type } from '@sinclair/typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NotFoundError } from '../errors.js'
import { type App, createApp } from './create-app.js'
import { StringEnum } from './schemas.js'

const Body = Type.Object({
  title: Type.String({ minLength: 1 }),
  items: Type.Array(Type.Object({ sequence: Type.String() })),
  kind: Type.Optional(StringEnum(['a', 'b'])),
})

describe('createApp', () => {
  let app: App
  beforeAll(async () => {
    app = createApp({
      logLevel: false,
      bodyLimit: 1024,
      renderError: (error) => ({ kind: error.kind, message: error.message }),
    })
    app.post('/things', { schema: { body: Body } }, async (request) => ({ got: request.body }))
    app.get(
      '/things',
      { schema: { querystring: Type.Object({ limit: Type.Integer({ minimum: 1 }) }) } },
      async (request) => ({
        limit: request.query.limit,
      }),
    )
    app.get('/missing', async () => {
      throw new NotFoundError('Thing 7 not found')
    })
    app.get('/boom', async () => {
      throw new Error('select * from secrets')
    })
    await app.ready()
  })
  afterAll(() => app.close())

  const post = (payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/things',
      payload: payload as object,
      headers: { 'content-type': 'application/json' },
    })

  it('names the nested field whose type is wrong, without coercing body numbers', async () => {
    const response = await post({ title: 'x', items: [{ sequence: '1' }, { sequence: 2 }] })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      kind: 'invalid_request',
      message: 'items[1].sequence must be a string',
    })
  })

  it('names a missing field', async () => {
    const response = await post({ items: [] })
    expect(response.json().message).toBe('title is required')
  })

  it('lists allowed values of an enum', async () => {
    const response = await post({ title: 'x', items: [], kind: 'c' })
    expect(response.json().message).toBe('kind must be one of: a, b')
  })

  it('coerces query string numbers and rejects non-numbers', async () => {
    expect((await app.inject('/things?limit=5')).json()).toEqual({ limit: 5 })
    const bad = await app.inject('/things?limit=abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('limit must be an integer')
  })

  it('rejects malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: '{"title":',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/not valid JSON/)
  })

  it('treats an empty JSON body as absent', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('Request body must be a JSON object')
  })

  it('rejects bodies over the limit with 413', async () => {
    const response = await post({ title: 'x'.repeat(2000), items: [] })
    expect(response.statusCode).toBe(413)
    expect(response.json().kind).toBe('payload_too_large')
  })

  it('maps typed domain errors and unknown routes', async () => {
    expect((await app.inject('/missing')).json()).toEqual({ kind: 'not_found', message: 'Thing 7 not found' })
    const route = await app.inject('/nowhere')
    expect(route.statusCode).toBe(404)
  })

  it('never reveals internals of a 500', async () => {
    const response = await app.inject('/boom')
    expect(response.statusCode).toBe(500)
    expect(response.body).not.toMatch(/secrets/)
    expect(response.headers['x-request-id']).toBeTruthy()
  })
})

describe('createApp during shutdown', () => {
  it('finishes in-flight requests and refuses requests that arrive later with 503 in the service shape', async () => {
    const app = createApp({
      logLevel: false,
      bodyLimit: 1024,
      renderError: (error) => ({ kind: error.kind, message: error.message }),
    })
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let arrived: () => void = () => {}
    const slowArrived = new Promise<void>((resolve) => {
      arrived = resolve
    })
    app.get('/slow', async () => {
      arrived()
      await released
      return { done: true }
    })
    app.get('/fast', async () => ({ fast: true }))
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const exchange = (socket: Socket) =>
      new Promise<string>((resolve) => {
        let text = ''
        socket.on('data', (chunk) => {
          text += chunk
        })
        socket.on('close', () => resolve(text))
      })

    const inFlight = connect(port, '127.0.0.1')
    const inFlightText = exchange(inFlight)
    inFlight.write('GET /slow HTTP/1.1\r\nHost: test\r\n\r\n')
    // A request whose headers are still arriving when shutdown begins.
    const late = connect(port, '127.0.0.1')
    const lateText = exchange(late)
    await new Promise((resolve) => late.once('connect', resolve))
    late.write('GET /fast HTTP/1.1\r\nHost: test\r\n')
    await slowArrived
    const closed = app.close()
    await new Promise((resolve) => setImmediate(resolve))
    late.write('\r\n')
    const refused = await lateText
    expect(refused).toMatch(/^HTTP\/1.1 503/)
    expect(refused.toLowerCase()).toContain('connection: close')
    expect(refused).toContain(
      '{"kind":"unavailable","message":"The service is shutting down; retry shortly"}',
    )
    release()
    expect(await inFlightText).toMatch(/^HTTP\/1.1 200[\s\S]*\{"done":true\}/)
    await closed
  })
})
