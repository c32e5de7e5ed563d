import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { retryDelayMs } from './retry.js'

describe('retryDelayMs', () => {
  it('waits 5 s, 10 s, 20 s, ... in the upper half of each step, never more than an hour', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (attempt, r) => {
          const ceiling = Math.min(3_600_000, 5_000 * 2 ** (attempt - 1))
          const delay = retryDelayMs(attempt, () => r)
          expect(delay).toBeGreaterThanOrEqual(Math.round(ceiling / 2))
          expect(delay).toBeLessThanOrEqual(ceiling)
        },
      ),
    )
  })

  it('spreads retries of the same attempt apart (jitter)', () => {
    expect(retryDelayMs(3, () => 0)).toBe(10_000)
    expect(retryDelayMs(3, () => 1)).toBe(20_000)
  })
})
