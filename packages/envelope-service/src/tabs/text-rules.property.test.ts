import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { maxLengthOf, textProblem } from './text-rules.js'

const FIVE_DIGITS = '^[0-9]{5}$'

describe('textProblem', () => {
  it('finds no problem in an empty entry, whatever the rules', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.nat(), { nil: undefined }), (pattern, maxLength) => {
        expect(textProblem({ validationPattern: pattern, maxLength }, '')).toBeUndefined()
      }),
    )
  })

  it('refuses an entry by the pattern exactly when it is not five digits', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.stringMatching(/^[0-9]{5}$/),
          fc.string({ minLength: 1 }),
          fc.stringMatching(/^[0-9]{1,8}$/),
        ),
        (value) => {
          const fiveDigits = value.length === 5 && [...value].every((c) => c >= '0' && c <= '9')
          expect(textProblem({ validationPattern: FIVE_DIGITS }, value)).toEqual(
            fiveDigits ? undefined : { kind: 'pattern', pattern: FIVE_DIGITS },
          )
        },
      ),
    )
  })

  it('refuses an entry longer than maxLength, counting code points, before looking at the pattern', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', '7', 'ñ', '😀'), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 10 }),
        (characters, maxLength) => {
          const problem = textProblem({ validationPattern: FIVE_DIGITS, maxLength }, characters.join(''))
          if (characters.length > maxLength) expect(problem).toEqual({ kind: 'maxLength', maxLength })
          else expect(problem?.kind).not.toBe('maxLength')
        },
      ),
    )
  })

  it('lets a pattern that does not compile constrain nothing', () => {
    expect(textProblem({ validationPattern: '([0-9]' }, 'anything')).toBeUndefined()
    expect(textProblem({ validationPattern: '[0-9]' }, 'no digit')).toEqual({
      kind: 'pattern',
      pattern: '[0-9]',
    })
  })
})

describe('maxLengthOf', () => {
  it('reads a positive whole number written as a string, and nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (n) => {
        expect(maxLengthOf(String(n))).toBe(n)
      }),
    )
    for (const refused of ['0', '-3', '2.5', 'ten', '', 7, undefined])
      expect(maxLengthOf(refused)).toBeUndefined()
  })
})
