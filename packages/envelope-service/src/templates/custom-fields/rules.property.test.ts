import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { planAdd, planDelete, planUpdate, type StoredField } from './rules.js'

/** The custom-field plans over generated names: unique names kept, ids never reused, all or nothing. */

const text = (fieldId: string, name: string): StoredField => ({
  fieldId,
  kind: 'text',
  name,
  value: '',
  listItems: [],
  show: false,
  required: false,
})
const names = fc.array(fc.constantFrom('Case', 'case', 'Crm', 'Tier', 'Region', 'Owner'), { maxLength: 5 })

describe('planAdd', () => {
  it('numbers new fields after the highest id and adds them only when every name stays unique', () => {
    fc.assert(
      fc.property(names, names, (stored, added) => {
        const existing = stored.map((name, n) => text(String(n * 2 + 1), name))
        const all = [...stored, ...added].map((name) => name.toLowerCase())
        const unique = new Set(all).size === all.length
        const body = { textCustomFields: added.map((name) => ({ name })) }
        if (added.length === 0 || !unique) {
          expect(() => planAdd(existing, body)).toThrow()
          return
        }
        const highest = Math.max(0, ...existing.map((field) => Number(field.fieldId)))
        expect(planAdd(existing, body).added.map((field) => [field.fieldId, field.name])).toEqual(
          added.map((name, n) => [String(highest + n + 1), name]),
        )
      }),
    )
  })

  it('refuses a fieldId given by the caller', () => {
    expect(() => planAdd([], { textCustomFields: [{ fieldId: '4', name: 'Case' }] })).toThrow('assigned')
  })
})

describe('planUpdate and planDelete', () => {
  const existing = [text('1', 'Case'), { ...text('2', 'Tier'), kind: 'list' as const, listItems: ['Gold'] }]

  it('renames a field unless another field has the name', () => {
    expect(
      planUpdate(existing, { textCustomFields: [{ fieldId: '1', name: 'Case number' }] }).updated,
    ).toEqual([{ ...existing[0], name: 'Case number' }])
    expect(() => planUpdate(existing, { textCustomFields: [{ fieldId: '1', name: 'tier' }] })).toThrow(
      'already',
    )
  })

  it('names fields by id and kind: a list field is not found among the text fields', () => {
    expect(() => planDelete(existing, { textCustomFields: [{ fieldId: '2', name: 'Tier' }] })).toThrow(
      'not a text custom field',
    )
    expect(planDelete(existing, { listCustomFields: [{ fieldId: '2', name: 'Tier' }] }).deleted).toEqual([
      existing[1],
    ])
  })

  it('refuses a field named twice', () => {
    const twice = {
      textCustomFields: [
        { fieldId: '1', name: 'A' },
        { fieldId: '1', name: 'B' },
      ],
    }
    expect(() => planUpdate(existing, twice)).toThrow('more than once')
  })
})
