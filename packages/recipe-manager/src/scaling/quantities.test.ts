import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatAmount, parseLeadingQuantity, type QuantityStyle, scaleLine } from './quantities.js'

describe('scaleLine', () => {
  it.each([
    ['1 1/2 cups flour', 2, '3 cups flour'],
    ['1/2 cup milk', 3, '1 1/2 cup milk'],
    ['½ taza de azúcar', 2, '1 taza de azúcar'],
    ['1½ tazas', 0.5, '¾ tazas'],
    ['1 ½ tazas', 2, '3 tazas'],
    ['0.5 kg potatoes', 3, '1.5 kg potatoes'],
    ['1,5 kg de papas', 2, '3 kg de papas'],
    ['1,5 kg de papas', 0.5, '0,75 kg de papas'],
    ['2-3 dientes de ajo', 2, '4-6 dientes de ajo'],
    ['2 – 3 cloves', 1.5, '3 – 4.5 cloves'],
    ['3 eggs', 2, '6 eggs'],
    ['3 eggs', 1 / 3, '1 eggs'],
    ['1 cebolla', 1.5, '1.5 cebolla'],
    ['Salt to taste', 2, 'Salt to taste'],
    ['200 g de queso', 0.25, '50 g de queso'],
    ['1/3 cup oil', 2, '2/3 cup oil'],
  ])('scales "%s" by %d to "%s"', (line, factor, expected) => {
    expect(scaleLine(line, factor)).toBe(expected)
  })

  it('does not read a number inside a word or a date as a quantity', () => {
    expect(parseLeadingQuantity('7up')).toEqual(expect.objectContaining({ low: 7, rest: 'up' }))
    expect(parseLeadingQuantity('1/0 cup')).toBeUndefined()
    expect(parseLeadingQuantity('about 2 cups')).toBeUndefined()
  })
})

const fractionValue = fc
  .tuple(fc.integer({ min: 0, max: 20 }), fc.constantFrom(0, 1 / 2, 1 / 3, 2 / 3, 1 / 4, 3 / 4, 1 / 8, 3 / 8))
  .map(([whole, part]) => whole + part)
  .filter((value) => value > 0)
const style = fc.constantFrom<QuantityStyle>('ascii', 'unicode', 'decimal-point', 'decimal-comma')
const rest = fc.constantFrom(' cups flour', ' g de queso', ' huevos', ' Tbsp. oil', '')

describe('quantities (properties)', () => {
  it('reads back what it writes, in every style', () => {
    fc.assert(
      fc.property(fractionValue, style, rest, (value, chosen, tail) => {
        const parsed = parseLeadingQuantity(`${formatAmount(value, chosen)}${tail}`)
        expect(parsed?.low).toBeCloseTo(value, 1)
        expect(parsed?.rest).toBe(tail)
      }),
    )
  })

  it('multiplies the quantity by the factor, within the rounding to a common fraction or two decimals', () => {
    fc.assert(
      fc.property(
        fractionValue,
        style,
        rest,
        fc.constantFrom(0.5, 1.5, 2, 3, 1 / 3, 0.75, 4),
        (value, chosen, tail, factor) => {
          const line = `${formatAmount(value, chosen)}${tail}`
          const original = parseLeadingQuantity(line)?.low as number
          const scaled = parseLeadingQuantity(scaleLine(line, factor))
          expect(Math.abs((scaled?.low as number) - original * factor)).toBeLessThanOrEqual(0.011)
          expect(scaled?.rest).toBe(tail)
        },
      ),
    )
  })

  it('leaves a line without a leading quantity as it is, at any factor', () => {
    fc.assert(
      fc.property(
        fc.string().filter((line) => !/^\s*[\d½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/.test(line)),
        fc.double({ min: 0.1, max: 10, noNaN: true }),
        (line, factor) => {
          expect(scaleLine(line, factor)).toBe(line)
        },
      ),
    )
  })

  it('scales both ends of a range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 50 }), (low, extra) => {
        const scaled = parseLeadingQuantity(scaleLine(`${low}-${low + extra} cloves`, 2))
        expect([scaled?.low, scaled?.high, scaled?.rest]).toEqual([low * 2, (low + extra) * 2, ' cloves'])
      }),
    )
  })
})
