import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type CustomField,
  customFieldProblems,
  fromWireCustomFields,
  toWireCustomFields,
} from '../web/app/src/builder/custom-fields.js'

/** The builder's custom fields: the server's rules (templates/service.ts readCustomFields) checked first. */

const field = (patch: Partial<CustomField>): CustomField => ({
  key: 'k',
  kind: 'text',
  name: 'Region',
  value: '',
  listItems: [],
  show: false,
  required: false,
  ...patch,
})

const arbitraryField = fc.record({
  key: fc.uuid(),
  kind: fc.constantFrom<CustomField['kind']>('text', 'list'),
  name: fc.constantFrom('', ' ', 'Region', 'region', 'Region ', 'Plan'),
  value: fc.constantFrom('', 'North', 'South', 'x'),
  listItems: fc.array(fc.constantFrom('North', 'South', '', ' North '), { maxLength: 4 }),
  show: fc.boolean(),
  required: fc.boolean(),
})

describe('customFieldProblems', () => {
  it('names a blank name, a name used twice (after trimming) and a list value outside the list', () => {
    expect(
      customFieldProblems([
        field({ name: ' ' }),
        field({ name: 'Region' }),
        field({ name: 'Region ', kind: 'list', listItems: ['North'], value: 'North' }),
        field({ name: 'Plan', kind: 'list', listItems: ['Basic', ''], value: 'Plus' }),
      ]),
    ).toEqual([
      { kind: 'blankName', index: 0 },
      { kind: 'duplicateName', name: 'Region' },
      { kind: 'valueNotInList', name: 'Plan' },
    ])
  })

  it('accepts names that differ in case, as the server does', () => {
    expect(customFieldProblems([field({ name: 'Region' }), field({ name: 'region' })])).toEqual([])
  })

  it('finds nothing exactly when the wire shape passes the server rules', () => {
    fc.assert(
      fc.property(fc.array(arbitraryField, { maxLength: 5 }), (fields) => {
        const wire = toWireCustomFields(fields)
        const all = [...wire.textCustomFields, ...wire.listCustomFields]
        const names = all.map((entry) => entry.name as string)
        const serverRefuses =
          names.some((name) => name === '') ||
          new Set(names).size !== names.length ||
          wire.listCustomFields.some(
            (entry) => entry.value !== '' && !(entry.listItems as string[]).includes(entry.value as string),
          )
        expect(customFieldProblems(fields).length > 0).toBe(serverRefuses)
      }),
    )
  })
})

describe('the custom fields wire shape', () => {
  it('writes text and list fields with trimmed names and items, and reads them back', () => {
    const fields = [
      field({ key: 'a', name: ' Region ', value: 'North', show: true }),
      field({
        key: 'b',
        kind: 'list',
        name: 'Plan',
        listItems: ['Basic', '', ' Plus '],
        value: 'Plus',
        required: true,
      }),
    ]
    const wire = toWireCustomFields(fields)
    expect(wire).toEqual({
      textCustomFields: [{ name: 'Region', value: 'North', show: 'true', required: 'false' }],
      listCustomFields: [
        { name: 'Plan', value: 'Plus', listItems: ['Basic', 'Plus'], show: 'false', required: 'true' },
      ],
    })
    let key = 0
    expect(fromWireCustomFields(wire, () => `c${++key}`)).toEqual([
      field({ key: 'c1', name: 'Region', value: 'North', show: true }),
      field({
        key: 'c2',
        kind: 'list',
        name: 'Plan',
        listItems: ['Basic', 'Plus'],
        value: 'Plus',
        required: true,
      }),
    ])
  })

  it('reads a template without custom fields as none', () => {
    expect(fromWireCustomFields(undefined, () => 'k')).toEqual([])
  })
})
