import { describe, expect, it } from 'vitest'
import { DICTIONARIES } from '../web/app/src/i18n.js'
import { listTotalOf } from '../web/app/src/list-total.js'

describe('listTotalOf (the dashboard reading a capped totalSetSize)', () => {
  it('takes a total up to start_position + 1000 as exact', () => {
    expect(listTotalOf('1000', 0)).toEqual({ count: 1000, more: false })
    expect(listTotalOf('1025', 25)).toEqual({ count: 1025, more: false })
    expect(listTotalOf(undefined, 0)).toEqual({ count: 0, more: false })
  })

  it('reads a larger one as more than start_position + 1000', () => {
    expect(listTotalOf('1001', 0)).toEqual({ count: 1000, more: true })
    expect(listTotalOf('1026', 25)).toEqual({ count: 1025, more: true })
  })
})

describe('capped totals in the dictionaries', () => {
  it('say "more than" and "+" in English and Spanish', () => {
    const { en, es } = DICTIONARIES
    expect(en.countBadge(1000, true)).toBe('1,000+')
    expect(en.countBadge(7)).toBe('7')
    expect(en.envelopeCount(1000, true)).toBe('more than 1,000 envelopes')
    expect(en.envelopeCount(1)).toBe('1 envelope')
    expect(en.range(1, 25, 1000, true)).toBe('1–25 of more than 1,000')
    expect(es.countBadge(25_000, true)).toBe('25.000+')
    expect(es.envelopeCount(1000, true)).toBe('más de 1000 sobres')
    expect(es.range(26, 50, 1025, true)).toBe('26–50 de más de 1025')
  })
})
