import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCeilingServer } from './ceiling.js'

describe('createCeilingServer', () => {
  const server = createCeilingServer([
    { method: 'GET', path: '/items?search=a', status: 200, body: '{"search":"a"}' },
    { method: 'GET', path: '/items', status: 200, body: '{"list":true}' },
    { method: 'GET', path: '/items/', prefix: true, status: 200, body: '{"item":true}' },
    { method: 'POST', path: '/items', status: 201, body: '{"created":true}' },
  ])
  let base = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const call = async (path: string, init?: RequestInit) => {
    const response = await fetch(base + path, init)
    return {
      status: response.status,
      body: await response.text(),
      type: response.headers.get('content-type'),
    }
  }

  it('matches the full URL first, then the path without its query, then the longest prefix', async () => {
    expect(await call('/items?search=a')).toMatchObject({ status: 200, body: '{"search":"a"}' })
    expect(await call('/items?search=b')).toMatchObject({ status: 200, body: '{"list":true}' })
    expect(await call('/items/42')).toMatchObject({ status: 200, body: '{"item":true}' })
  })

  it('reads and drops request bodies and answers with the route status and a JSON type', async () => {
    const created = await call('/items', {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(10_000) }),
    })
    expect(created).toEqual({
      status: 201,
      body: '{"created":true}',
      type: 'application/json; charset=utf-8',
    })
  })

  it('answers /healthz and 404 for unknown routes', async () => {
    expect((await call('/healthz')).status).toBe(200)
    expect((await call('/nothing')).status).toBe(404)
  })
})
