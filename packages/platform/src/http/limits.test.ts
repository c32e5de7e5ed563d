import { describe, expect, it } from 'vitest'
import { ConfigError } from '../config.js'
import { httpLimitsFromEnvironment, serverOptionsOf } from './limits.js'

describe('HTTP limits', () => {
  it('default to timeouts well below Node’s and four large bodies at once', () => {
    const limits = httpLimitsFromEnvironment({})
    expect(limits).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 5_000,
      largeBodyBytes: 1024 * 1024,
      largeBodyConcurrency: 4,
    })
    // Checked often enough that a slow client is cut within a tenth of the header timeout.
    expect(serverOptionsOf(limits).connectionsCheckingInterval).toBe(1_000)
  })

  it('refuse a header timeout longer than the request timeout, and report invalid values by name', () => {
    expect(() =>
      httpLimitsFromEnvironment({ HTTP_HEADERS_TIMEOUT_MS: '60000', HTTP_REQUEST_TIMEOUT_MS: '30000' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS=60000 is invalid: expected at most HTTP_REQUEST_TIMEOUT_MS \(30000\)/)
    expect(() => httpLimitsFromEnvironment({ LARGE_BODY_CONCURRENCY: '0' })).toThrow(ConfigError)
  })
})
