import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Type } from '@sinclair/typebox'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, createApp } from './create-app.js'
import { chooseEncoding, registerDocs } from './docs.js'

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
    app.get('/forgot', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').send('<!doctype html><title>x</title><script>alert(1)</script>'),
    )
    await app.listen({ port: 0, host: '127.0.0.1' })
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

  it('sends the document compressed as the client accepts, with an ETag that answers 304 when unchanged', async () => {
    const plain = await app.inject('/docs/json')
    expect(plain.headers['content-encoding']).toBeUndefined()
    const etag = String(plain.headers.etag)
    expect(etag).toMatch(/^".+"$/)
    expect(plain.headers['cache-control']).toBe('no-cache')
    expect(plain.headers.vary).toBe('accept-encoding')
    const br = await app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    const gz = await app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body)
    expect(br.headers.etag).toBe(etag)
    const again = await app.inject({ url: '/docs/json', headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    // Another origin gets another document ("Try it out" calls it first), so another ETag.
    const other = await app.inject({
      url: '/docs/json',
      headers: { host: '127.0.0.1:9', 'if-none-match': etag },
    })
    expect(other.statusCode).toBe(200)
  })

  it('picks brotli, then gzip, and honours a refused encoding', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(chooseEncoding('identity')).toBeUndefined()
    expect(chooseEncoding(undefined)).toBeUndefined()
  })

  it('gives the page a viewport for phones and every service a favicon', async () => {
    expect((await app.inject('/docs')).body).toContain('<meta name="viewport" content="width=device-width')
    const icon = await app.inject('/favicon.ico')
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['content-type']).toBe('image/x-icon')
    expect(icon.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]))
  })

  it('sends a content security policy with the page: same-origin scripts and styles only, never framed', async () => {
    const page = await app.inject('/docs')
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("connect-src 'self' https://localhost:8443")
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(policy).toContain("style-src 'self' 'unsafe-hashes' 'sha256-")
  })

  it('gives an HTML response that set no policy the strict fallback', async () => {
    const response = await app.inject('/forgot')
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
  })

  it('renders the interactive page in a browser under that policy without a violation', async () => {
    const { port } = app.server.address() as AddressInfo
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    })
    try {
      const page = await browser.newPage()
      const violations: string[] = []
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
      })
      await page.goto(`http://127.0.0.1:${port}/docs`)
      await page.getByText('/things').first().waitFor()
      await page.getByText('/things').first().click()
      await page.getByRole('button', { name: 'Try it out' }).click()
      await page.getByPlaceholder('search').fill('x')
      await page.getByRole('button', { name: 'Execute' }).click()
      await page.getByText('Server response').first().waitFor()
      expect(violations).toEqual([])
    } finally {
      await browser.close()
    }
  }, 60_000)
})
