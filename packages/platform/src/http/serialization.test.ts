import { Type } from '@sinclair/typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, createApp } from './create-app.js'

describe('response serializers compiled on first use', () => {
  let app: App
  beforeAll(async () => {
    app = createApp({
      logLevel: false,
      bodyLimit: 1024,
      renderError: (error) => ({ kind: error.kind, message: error.message }),
    })
    const Thing = Type.Object({ id: Type.Integer(), name: Type.String() })
    app.get('/things/1', { schema: { response: { 200: Thing } } }, async () => ({
      id: 1,
      name: 'One',
      secret: 'not in the schema',
    }))
    // A response schema fast-json-stringify cannot compile: compiled when the app got ready, it made
    // `ready()` throw; now only its route's responses fail.
    app.get(
      '/broken',
      {
        schema: { response: { 200: { type: 'object', properties: { a: { $ref: '#/definitions/none' } } } } },
      },
      async () => ({ a: 1 }),
    )
    await app.ready()
  })
  afterAll(() => app.close())

  it('serializes by the schema, as Fastify does: properties outside it are left out', async () => {
    for (let request = 0; request < 2; request++) {
      const response = await app.inject({ method: 'GET', url: '/things/1' })
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe('{"id":1,"name":"One"}')
    }
  })

  it('starts with a schema that cannot compile, and fails only that route, in the error shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/broken' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toMatchObject({ kind: 'internal' })
    expect((await app.inject({ method: 'GET', url: '/things/1' })).statusCode).toBe(200)
  })
})
