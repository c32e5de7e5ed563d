import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { searchFilterOf, searchPatternOf } from './search.js'

/** What a LIKE pattern with `\` as escape matches, evaluated the way SQL does, for the property below. */
function likeMatches(pattern: string, value: string): boolean {
  let regex = ''
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] as string
    if (character === '\\') {
      index += 1
      regex += (pattern[index] as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    } else if (character === '%') regex += '[\\s\\S]*'
    else if (character === '_') regex += '[\\s\\S]'
    else regex += character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${regex}$`).test(value)
}

describe('searchPatternOf', () => {
  it('is undefined for missing or blank text', () => {
    expect(searchPatternOf(undefined)).toBeUndefined()
    expect(searchPatternOf('   ')).toBeUndefined()
  })

  it('lower-cases, trims and escapes the wildcards', () => {
    expect(searchPatternOf('  50%_Off\\ ')).toBe('%50\\%\\_off\\\\%')
  })

  it('matches exactly the values that contain the trimmed, lower-cased text', () => {
    const alphabet = fc.constantFrom('a', 'b', '%', '_', '\\', 'x')
    const text = fc.array(alphabet, { minLength: 1, maxLength: 5 }).map((chars) => chars.join(''))
    fc.assert(
      fc.property(
        text,
        fc.array(alphabet, { maxLength: 10 }).map((chars) => chars.join('')),
        (query, value) => {
          const pattern = searchPatternOf(query) as string
          expect(likeMatches(pattern, value)).toBe(value.includes(query))
        },
      ),
    )
  })
})

describe('searchFilterOf', () => {
  it('quotes the text as one FTS5 phrase, doubling its quotes', () => {
    expect(searchFilterOf(' Say "Hi" ')).toEqual({
      pattern: '%say "hi"%',
      joinable: true,
      trigramPhrase: '"say ""hi"""',
    })
  })

  it('has no trigram phrase below three characters, counted as code points', () => {
    expect(searchFilterOf('ab')?.trigramPhrase).toBeUndefined()
    expect(searchFilterOf('😀😀')?.trigramPhrase).toBeUndefined()
    expect(searchFilterOf('😀😀😀')?.trigramPhrase).toBe('"😀😀😀"')
  })

  it('is not joinable when the text holds a line break, which could match across two values', () => {
    expect(searchFilterOf('a\nb')?.joinable).toBe(false)
    expect(searchFilterOf('a\rb')?.joinable).toBe(false)
    expect(searchFilterOf('a b')?.joinable).toBe(true)
  })
})
