import { describe, expect, it } from 'vitest'
import { FIELD_SEPARATOR, fold, fts5Phrase, isTrigramQuery, likeContains, searchTextOf } from './search.js'
import { trigramPlan } from './service.js'

describe('searchTextOf', () => {
  it('folds title, description and each ingredient (case and accents off), joined by a separator', () => {
    expect(
      searchTextOf({ title: 'Crème Brûlée', description: 'RICA', ingredients: ['JALAPEÑO', 'Sal'] }),
    ).toBe(['creme brulee', 'rica', 'jalapeno', 'sal'].join(FIELD_SEPARATOR))
  })

  it('folds precomposed and combining accents alike, and keeps letters that do not decompose', () => {
    expect(fold('Cre\u0301me')).toBe('creme')
    expect(fold('ÇA')).toBe('ca')
    expect(fold('Smørrebrød STRAẞE')).toBe('smørrebrød straße')
  })

  it('leaves out an absent description', () => {
    expect(searchTextOf({ title: 'A', ingredients: ['B'] })).toBe(`a${FIELD_SEPARATOR}b`)
  })

  it('lower-cases each field on its own, as the case mapping of a word end depends on what follows', () => {
    expect(searchTextOf({ title: 'ΟΔΟΣ', ingredients: ['ΑΒ'] })).toBe(
      `${'ΟΔΟΣ'.toLowerCase()}${FIELD_SEPARATOR}αβ`,
    )
  })
})

describe('query encodings', () => {
  it('escapes LIKE wildcards and the escape character itself', () => {
    expect(likeContains('100%_a\\b')).toBe('%100\\%\\_a\\\\b%')
  })

  it('quotes an FTS5 phrase, doubling double quotes', () => {
    expect(fts5Phrase('say "hi" OR x*')).toBe('"say ""hi"" OR x*"')
  })

  it('counts code points, not UTF-16 units, for the trigram threshold', () => {
    expect(isTrigramQuery('ab')).toBe(false)
    expect(isTrigramQuery('😀😀')).toBe(false)
    expect(isTrigramQuery('abc')).toBe(true)
    expect(isTrigramQuery('ñ😀a')).toBe(true)
  })
})

describe('trigramPlan', () => {
  it('walks newest first when matches are dense', () => {
    expect(trigramPlan({ offset: 0, limit: 20 }, 30_000, 100_000)).toBe('scan')
    expect(trigramPlan({ offset: 5_000, limit: 20 }, 30_000, 100_000)).toBe('scan')
  })

  it('uses the trigram index when matches are rare or the page is deep', () => {
    expect(trigramPlan({ offset: 0, limit: 20 }, 200, 100_000)).toBe('index')
    expect(trigramPlan({ offset: 1_500, limit: 20 }, 2_000, 100_000)).toBe('index')
  })
})
