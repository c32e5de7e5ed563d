import { Type } from '@sinclair/typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, createApp } from './create-app.js'
import { registerDocs } from './docs.js'

describe('registerDocs', () => {
  let app: App
  beforeAll(async () => {
    app = createApp({
      logLevel: false,
      bodyLimit: 1024,
      renderError: (error) => ({ message: error.message }),
    })
    await registerDocs(app, {
      title: 'Test',
      version: '1',
      description: 'test',
      routePrefix: '/docs',
      servers: [{ url: 'https://localhost:8443' }],
    })
    const Query = Type.Object({
      search: Type.String(),
      offset: Type.Integer({ minimum: 0, default: 0 }),
      limit: Type.Integer({ minimum: 1, default: 20 }),
    })
    app.get('/things', { schema: { querystring: Query } }, async (request) => request.query)
    await app.ready()
  })
  afterAll(() => app.close())

  it('does not mark query parameters with a default as required, and the handler still gets them', async () => {
    const document = (await app.inject('/docs/json')).json()
    const parameters = document.paths['/things'].get.parameters as { name: string; required: boolean }[]
    expect(Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.required]))).toEqual({
      search: true,
      offset: false,
      limit: false,
    })
    expect((await app.inject('/things?search=x')).json()).toEqual({ search: 'x', offset: 0, limit: 20 })
    expect((await app.inject('/things')).statusCode).toBe(400)
  })

  it('leads / to the interactive page', async () => {
    const response = await app.inject('/')
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/docs')
  })

  it('lets "Try it out" call the origin the page was opened on first', async () => {
    const document = (await app.inject({ url: '/docs/json', headers: { host: '127.0.0.1:8080' } })).json()
    expect(document.servers.map((server: { url: string }) => server.url)).toEqual([
      'http://127.0.0.1:8080',
      'https://localhost:8443',
    ])
  })
})
