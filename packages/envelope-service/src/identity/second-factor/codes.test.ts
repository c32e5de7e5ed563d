import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { acceptedStep, newRecoveryCodes, newSecret, recoveryCodeHash, STEP_MS, stepAt } from './codes.js'
import { codeAt } from './test-codes.js'

describe('authenticator codes', () => {
  const secret = newSecret()

  it("matches RFC 6238's SHA-1 test vectors (the spec's secret, 8 digits cut to the last 6)", () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s → 94287082, T = 1111111109 → 07081804.
    const rfc = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
    expect(codeAt(rfc, 59_000)).toBe('287082')
    expect(codeAt(rfc, 1_111_111_109_000)).toBe('081804')
  })

  it("takes the code of now's step and of the steps either side, and none further", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 }),
        fc.integer({ min: -3, max: 3 }),
        (now, offset) => {
          const code = codeAt(secret, now + offset * STEP_MS)
          const step = acceptedStep(secret, code, now, null)
          // Another step may share the code by chance (1 in a million); the offset's own is what counts.
          if (Math.abs(offset) <= 1) expect(step).toBe(stepAt(now) + offset)
          else if (step !== undefined) expect(step).not.toBe(stepAt(now) + offset)
        },
      ),
    )
  })

  it('takes no code of a step at or before the last one accepted', () => {
    const now = Date.parse('2026-12-06T10:00:10Z')
    const code = codeAt(secret, now)
    expect(acceptedStep(secret, code, now, stepAt(now) - 1)).toBe(stepAt(now))
    expect(acceptedStep(secret, code, now, stepAt(now))).toBeUndefined()
    expect(acceptedStep(secret, codeAt(secret, now - STEP_MS), now, stepAt(now))).toBeUndefined()
  })

  it('ignores spaces and dashes, and refuses anything but six digits', () => {
    const now = Date.parse('2026-12-06T10:00:10Z')
    const code = codeAt(secret, now)
    expect(acceptedStep(secret, `${code.slice(0, 3)} - ${code.slice(3)}`, now, null)).toBe(stepAt(now))
    for (const typed of ['', '12345', '1234567', 'abcdef', `${code}0`]) {
      expect(acceptedStep(secret, typed, now, null)).toBeUndefined()
    }
  })
})

describe('recovery codes', () => {
  it('are ten distinct codes without letters that read alike', () => {
    const codes = newRecoveryCodes()
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/)
  })

  it('hash the same however they are typed, and refuse what cannot be one', () => {
    const [code] = newRecoveryCodes() as [string]
    const hash = recoveryCodeHash(code)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(recoveryCodeHash(code.toLowerCase().replace('-', ' '))).toBe(hash)
    expect(recoveryCodeHash(` ${code.replace('-', '')} `)).toBe(hash)
    for (const typed of ['', '123456', 'ABCDE-FGHJ', 'ABCDE-FGHJK-L'])
      expect(recoveryCodeHash(typed)).toBeUndefined()
  })
})
