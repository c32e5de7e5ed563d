import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY_POLICY, isRetryable, retryDelayMs } from './backoff.js'

const NOW = 1_800_000_000_000
const noHeaders = (status: number, errorCode?: string) => ({ status, errorCode, headers: {} })

describe('which failures are retried', () => {
  it('retries 429, any *_LIMIT_EXCEEDED code and 5xx; nothing else', () => {
    expect(isRetryable(429, undefined)).toBe(true)
    expect(isRetryable(400, 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED')).toBe(true)
    expect(isRetryable(500, 'INKWELL_GENERIC_ERROR')).toBe(true)
    expect(isRetryable(503, undefined)).toBe(true)
    for (const status of [400, 401, 403, 404, 409])
      expect(isRetryable(status, 'INVALID_REQUEST_PARAMETER')).toBe(false)
  })
})

describe('exponential backoff with full jitter', () => {
  it('waits between 0 and base * 2^(retry-1), capped at the maximum, without a server hint', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        (retry, r) => {
          const policy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 100 }
          const delay = retryDelayMs(retry, noHeaders(500), policy, NOW, () => r)
          const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1))
          expect(delay).toBeGreaterThanOrEqual(0)
          expect(delay).toBeLessThan(ceiling)
        },
      ),
    )
  })

  it('gives up once the attempts are spent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 20 }), (maxAttempts, retry) => {
        const delay = retryDelayMs(
          retry + 1,
          noHeaders(503),
          { ...DEFAULT_RETRY_POLICY, maxAttempts },
          NOW,
          () => 0,
        )
        expect(delay === undefined).toBe(retry + 1 >= maxAttempts)
      }),
    )
  })

  it('honours Retry-After in seconds and as an HTTP date', () => {
    const seconds = retryDelayMs(
      1,
      { status: 429, errorCode: undefined, headers: { 'retry-after': '7' } },
      DEFAULT_RETRY_POLICY,
      NOW,
      () => 0,
    )
    expect(seconds).toBe(7_000)
    const date = new Date(NOW + 12_000).toUTCString()
    const fromDate = retryDelayMs(
      1,
      { status: 503, errorCode: undefined, headers: { 'retry-after': date } },
      DEFAULT_RETRY_POLICY,
      NOW,
      () => 0,
    )
    expect(fromDate).toBe(12_000)
  })

  it('ignores X-RateLimit-Reset on a 500 and while budget remains', () => {
    const reset = String(NOW / 1000 + 1_000)
    const on500 = retryDelayMs(
      1,
      {
        status: 500,
        errorCode: undefined,
        headers: { 'x-ratelimit-reset': reset, 'x-ratelimit-remaining': '0' },
      },
      DEFAULT_RETRY_POLICY,
      NOW,
      () => 0,
    )
    expect(on500).toBe(0)
    const remaining = retryDelayMs(
      1,
      {
        status: 429,
        errorCode: undefined,
        headers: { 'x-ratelimit-reset': reset, 'x-ratelimit-remaining': '5' },
      },
      DEFAULT_RETRY_POLICY,
      NOW,
      () => 0,
    )
    expect(remaining).toBe(0)
  })
})
