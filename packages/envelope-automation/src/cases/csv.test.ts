import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseCsv } from './csv.js'

describe('CSV parsing (RFC 4180)', () => {
  it('keys each record by the header and numbers its line', () => {
    expect(parseCsv('a,b\n1,2\r\n3,4')).toEqual([
      { line: 2, values: { a: '1', b: '2' } },
      { line: 3, values: { a: '3', b: '4' } },
    ])
  })

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const rows = parseCsv('\uFEFFname,note\n"Gómez, Ana","said ""hi""\nthen left"\nB,x\n')
    expect(rows).toEqual([
      { line: 2, values: { name: 'Gómez, Ana', note: 'said "hi"\nthen left' } },
      { line: 4, values: { name: 'B', note: 'x' } },
    ])
  })

  it('skips blank lines and fills missing trailing fields with empty strings', () => {
    expect(parseCsv('a,b\n\n1\n')).toEqual([{ line: 3, values: { a: '1', b: '' } }])
  })

  it('refuses an unterminated quoted field', () => {
    expect(() => parseCsv('a\n"open')).toThrow(/never closed/)
  })

  it('property: writing fields RFC 4180-style and parsing them gives the fields back', () => {
    const field = fc.string({ maxLength: 12 })
    fc.assert(
      fc.property(fc.array(fc.tuple(field, field), { minLength: 1, maxLength: 5 }), (rows) => {
        const quote = (value: string) => `"${value.replaceAll('"', '""')}"`
        const text = ['x,y', ...rows.map(([x, y]) => `${quote(x)},${quote(y)}`)].join('\r\n')
        const parsed = parseCsv(text).map((row) => [row.values.x, row.values.y])
        expect(parsed).toEqual(rows.filter(([x, y]) => x.trim() !== '' || y.trim() !== ''))
      }),
    )
  })
})
