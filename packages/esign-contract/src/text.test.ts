import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { characterCount, truncateText } from './text.js'

const graphemesOf = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((part) => part.segment)

describe('truncateText', () => {
  it('leaves a text within the limit as it is', () => {
    expect(truncateText('Please sign', 100)).toBe('Please sign')
  })

  it('counts code points, not UTF-16 units: 100 emoji fit a 100-character limit', () => {
    const text = '😀'.repeat(100)
    expect(truncateText(text, 100)).toBe(text)
    expect(truncateText(`${text}x`, 100)).toBe(text)
  })

  it('never splits a grapheme cluster (a flag, a family, a letter and its accent)', () => {
    expect(truncateText('ab🇪🇸', 3)).toBe('ab')
    expect(truncateText('e\u0301e\u0301', 3)).toBe('e\u0301')
    expect(truncateText('x👩‍👩‍👧', 4)).toBe('x')
  })

  it('ends a cut text with the ellipsis, counted in the limit', () => {
    expect(truncateText('abcdef', 4, '…')).toBe('abc…')
  })

  it('property: the result fits the limit, is a prefix of whole grapheme clusters, and is as long as it can be', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.nat({ max: 80 }), (text, limit) => {
        const cut = truncateText(text, limit)
        expect(characterCount(cut)).toBeLessThanOrEqual(limit)
        const whole = graphemesOf(text)
        const kept = graphemesOf(cut)
        expect(kept).toEqual(whole.slice(0, kept.length))
        if (kept.length < whole.length) {
          expect(characterCount(cut) + characterCount(whole[kept.length]!)).toBeGreaterThan(limit)
        }
      }),
    )
  })
})
