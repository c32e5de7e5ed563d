import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { burstWindowStart, hourWindowStart, judge } from './windows.js'

// The hour ends in 889.5 s and the burst window in 19.5 s: a verdict that took one reset for the
// other would show.
const at = Date.parse('2026-11-22T10:45:10.500Z')
const limits = { hourlyLimit: 1000, burstLimit: 100 }

describe('rate-limit windows', () => {
  it('aligns the hour window to the top of the clock hour', () => {
    expect(new Date(hourWindowStart(at)).toISOString()).toBe('2026-11-22T10:00:00.000Z')
  })

  it('aligns burst windows to 30-second boundaries', () => {
    expect(new Date(burstWindowStart(at)).toISOString()).toBe('2026-11-22T10:45:00.000Z')
  })

  it('reports limits, remaining calls and the next hourly reset in epoch seconds', () => {
    expect(judge(limits, { hour: 10, burst: 3 }, at)).toEqual({
      headers: {
        'x-ratelimit-limit': '1000',
        'x-ratelimit-remaining': '990',
        'x-ratelimit-reset': String(Date.parse('2026-11-22T11:00:00.000Z') / 1000),
        'x-burstlimit-limit': '100',
        'x-burstlimit-remaining': '97',
      },
    })
  })

  it('allows the call that reaches the limit exactly', () => {
    expect(judge(limits, { hour: 1000, burst: 100 }, at).exceeded).toBeUndefined()
  })

  it('rejects a call over the hourly limit until the top of the hour', () => {
    const verdict = judge(limits, { hour: 1001, burst: 1 }, at)
    expect(verdict.exceeded).toEqual({
      errorCode: 'HOURLY_APIINVOCATION_LIMIT_EXCEEDED',
      retryAfterSeconds: 890,
    })
    expect(verdict.headers['x-ratelimit-remaining']).toBe('0')
  })

  it('rejects a call over the burst limit until the window ends', () => {
    const verdict = judge(limits, { hour: 5, burst: 101 }, at)
    expect(verdict.exceeded).toEqual({
      errorCode: 'BURST_APIINVOCATION_LIMIT_EXCEEDED',
      retryAfterSeconds: 20,
    })
    expect(verdict.headers['x-burstlimit-remaining']).toBe('0')
  })

  it('never reports negative remaining calls and always waits at least a second', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        (hourlyLimit, burstLimit, hour, burst, now) => {
          const verdict = judge({ hourlyLimit, burstLimit }, { hour, burst }, now)
          expect(Number(verdict.headers['x-ratelimit-remaining'])).toBeGreaterThanOrEqual(0)
          expect(Number(verdict.headers['x-burstlimit-remaining'])).toBeGreaterThanOrEqual(0)
          expect(Number(verdict.headers['x-ratelimit-reset']) * 1000).toBeGreaterThan(now)
          expect(verdict.exceeded !== undefined).toBe(hour > hourlyLimit || burst > burstLimit)
          if (verdict.exceeded) expect(verdict.exceeded.retryAfterSeconds).toBeGreaterThanOrEqual(1)
        },
      ),
    )
  })
})
