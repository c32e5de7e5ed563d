import { describe, expect, it } from 'vitest'
import { createApp } from './create-app.js'
import { parseTrustProxy } from './trust-proxy.js'

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    [' loopback, 10.0.0.0/8 ,fd00::/8', ['loopback', '10.0.0.0/8', 'fd00::/8']],
  ])('reads %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected)
  })

  it.each(['proxy.internal', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129', 'yes'])(
    'refuses %j, naming it',
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(`TRUST_PROXY: ${JSON.stringify(value)}`)
    },
  )
})

describe('request.ip behind a proxy', () => {
  const ipSeen = async (trustProxy: ReturnType<typeof parseTrustProxy>, remoteAddress: string) => {
    const app = createApp({
      logLevel: false,
      bodyLimit: 1024,
      renderError: (e) => ({ message: e.message }),
      trustProxy,
    })
    app.get('/ip', async (request) => ({ ip: request.ip }))
    const answer = await app.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    })
    await app.close()
    return answer.json().ip
  }

  it('is the client forwarded by a trusted proxy, and the connection otherwise', async () => {
    expect(await ipSeen(parseTrustProxy('10.0.0.0/8'), '10.1.2.3')).toBe('203.0.113.9')
    expect(await ipSeen(parseTrustProxy('10.0.0.0/8'), '192.0.2.1')).toBe('192.0.2.1')
    expect(await ipSeen(parseTrustProxy(undefined), '10.1.2.3')).toBe('10.1.2.3')
    expect(await ipSeen(parseTrustProxy('1'), '192.0.2.1')).toBe('203.0.113.9')
    expect(await ipSeen(parseTrustProxy('true'), '192.0.2.1')).toBe('203.0.113.9')
  })
})
