import { Type } from '@sinclair/typebox'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type App, createApp } from './create-app.js'
import { compileBodyNormaliser, installLenientBodies } from './lenient-bodies.js'
import { StringEnum } from './schemas.js'

const pascalCaseOf = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

/** `value` with each ASCII letter's case chosen by `flags`. */
const withCases = (value: string, flags: boolean[]) =>
  [...value]
    .map((character, index) => (flags[index] ? character.toUpperCase() : character.toLowerCase()))
    .join('')

const caseVariantOf = (value: string) =>
  fc
    .array(fc.boolean(), { minLength: value.length, maxLength: value.length })
    .map((flags) => withCases(value, flags))

/** Literals that differ from one another case-insensitively, as an enum's values usually do. */
const literals = fc.uniqueArray(fc.stringMatching(/^[a-z][a-zA-Z_]{0,9}$/), {
  minLength: 1,
  maxLength: 6,
  selector: (value) => value.toLowerCase(),
})

describe('enumerated values without regard to case', () => {
  it('reads any case variant of a literal as that literal', () => {
    fc.assert(
      fc.property(
        literals.chain((values) =>
          fc
            .constantFrom(...values)
            .chain((chosen) => caseVariantOf(chosen).map((given) => ({ values, chosen, given }))),
        ),
        ({ values, chosen, given }) => {
          const normalise = compileBodyNormaliser(Type.Object({ kind: StringEnum(values) }))
          expect(normalise({ kind: given })).toEqual({ kind: chosen })
        },
      ),
    )
  })

  it('leaves a value that equals no literal as given, for validation to reject', () => {
    fc.assert(
      fc.property(literals, fc.string({ maxLength: 12 }), (values, given) => {
        fc.pre(!values.some((value) => value.toLowerCase() === given.toLowerCase()))
        const normalise = compileBodyNormaliser(Type.Object({ kind: StringEnum(values) }))
        expect(normalise({ kind: given })).toEqual({ kind: given })
      }),
    )
  })

  it('keeps an exact match when two literals differ only in case, and guesses neither otherwise', () => {
    const normalise = compileBodyNormaliser(Type.Object({ method: StringEnum(['SMS', 'sms', 'email']) }))
    expect(normalise({ method: 'SMS' })).toEqual({ method: 'SMS' })
    expect(normalise({ method: 'sms' })).toEqual({ method: 'sms' })
    expect(normalise({ method: 'Sms' })).toEqual({ method: 'Sms' })
    expect(normalise({ method: 'EMAIL' })).toEqual({ method: 'email' })
  })

  it('reads literals in unions, consts, arrays and nullable fields', () => {
    const normalise = compileBodyNormaliser(
      Type.Object({
        union: Type.Union([Type.Literal('left'), Type.Literal('right')]),
        constant: Type.Literal('only'),
        list: Type.Array(StringEnum(['a', 'b'])),
        nullable: Type.Union([StringEnum(['on', 'off']), Type.Null()]),
      }),
    )
    expect(normalise({ union: 'RIGHT', constant: 'Only', list: ['A', 'b', 'c'], nullable: 'OFF' })).toEqual({
      union: 'right',
      constant: 'only',
      list: ['a', 'b', 'c'],
      nullable: 'off',
    })
    expect(normalise({ union: 'x', constant: 'only', list: [], nullable: null })).toEqual({
      union: 'x',
      constant: 'only',
      list: [],
      nullable: null,
    })
  })

  it('leaves free strings, numbers and booleans alone', () => {
    const normalise = compileBodyNormaliser(
      Type.Object({ name: Type.String(), count: Type.Number(), flag: Type.Boolean() }),
    )
    expect(normalise({ name: 'MiXeD', count: 3, flag: true })).toEqual({
      name: 'MiXeD',
      count: 3,
      flag: true,
    })
  })
})

describe('property names in PascalCase', () => {
  const Item = Type.Object(
    { documentId: Type.String(), kind: Type.Optional(StringEnum(['pdf', 'html'])) },
    { additionalProperties: Type.String() },
  )
  const Body = Type.Object({
    status: Type.Optional(StringEnum(['sent', 'created'])),
    emailSubject: Type.Optional(Type.String()),
    documents: Type.Optional(Type.Array(Item)),
    nested: Type.Optional(Type.Object({ innerValue: Type.Optional(Type.String()) })),
  })
  const normalise = compileBodyNormaliser(Body)

  const canonicalItem = fc.record(
    { documentId: fc.stringMatching(/^[0-9]{1,3}$/), kind: fc.constantFrom('pdf', 'html') },
    { requiredKeys: ['documentId'] },
  )
  const canonicalBody = fc.record(
    {
      status: fc.constantFrom('sent', 'created'),
      emailSubject: fc.string({ maxLength: 8 }),
      documents: fc.array(canonicalItem, { maxLength: 4 }),
      nested: fc.record({ innerValue: fc.string({ maxLength: 5 }) }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  )

  /** The same body with some keys in PascalCase and some enum values in other cases. */
  function misspell(value: unknown, random: () => boolean): unknown {
    if (Array.isArray(value)) return value.map((item) => misspell(item, random))
    if (typeof value === 'string') return random() ? value.toUpperCase() : value
    if (typeof value !== 'object' || value === null) return value
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        random() ? (pascalCaseOf(key) ?? key) : key,
        misspell(item, random),
      ]),
    )
  }

  it('reads a body spelled in PascalCase and other cases as its canonical form', () => {
    fc.assert(
      fc.property(canonicalBody, fc.infiniteStream(fc.boolean()), (body, coins) => {
        const iterator = coins[Symbol.iterator]()
        const random = () => iterator.next().value as boolean
        // Free text (emailSubject, documentId, innerValue) changes case too; only literals are read back.
        const given = misspell(structuredClone(body), random) as Record<string, unknown>
        const read = normalise(given) as typeof body
        expect(Object.keys(read).sort()).toEqual(Object.keys(body).sort())
        if (body.status !== undefined) expect(read.status).toBe(body.status)
        expect(read.documents?.map((item) => item.kind)).toEqual(body.documents?.map((item) => item.kind))
        expect(read.documents?.map((item) => Object.keys(item).sort())).toEqual(
          body.documents?.map((item) => Object.keys(item).sort()),
        )
        if (body.nested) expect(Object.keys(read.nested ?? {})).toEqual(Object.keys(body.nested))
      }),
    )
  })

  it('leaves a canonical body exactly as it is, and is idempotent', () => {
    fc.assert(
      fc.property(canonicalBody, (body) => {
        const once = normalise(structuredClone(body))
        expect(once).toEqual(body)
        expect(normalise(structuredClone(once))).toEqual(once)
      }),
    )
  })

  it('keeps the camelCase key when both spellings are given, and unknown PascalCase keys as they are', () => {
    expect(normalise({ Status: 'created', status: 'sent', Unknown: 'x' })).toEqual({
      Status: 'created',
      status: 'sent',
      Unknown: 'x',
    })
  })

  it('reads a name in any other case, as DocuSign spells `DocumentID` in its examples', () => {
    expect(normalise({ STATUS: 'sent', Documents: [{ DocumentID: '1', KIND: 'HTML' }] })).toEqual({
      status: 'sent',
      documents: [{ documentId: '1', kind: 'html' }],
    })
  })

  it('reads the first of two other spellings of one name and leaves the second as sent', () => {
    expect(normalise({ Status: 'Sent', STATUS: 'created' })).toEqual({ status: 'sent', STATUS: 'created' })
  })

  it('does not rename a PascalCase key the schema itself declares', () => {
    const both = compileBodyNormaliser(Type.Object({ value: Type.String(), Value: Type.String() }))
    expect(both({ Value: 'x' })).toEqual({ Value: 'x' })
  })
})

describe('installLenientBodies', () => {
  let app: App
  beforeAll(async () => {
    app = createApp({
      logLevel: false,
      bodyLimit: 4096,
      renderError: (error) => ({ kind: error.kind, message: error.message }),
    })
    installLenientBodies(app)
    const Body = Type.Object({
      status: StringEnum(['sent', 'created']),
      documents: Type.Optional(Type.Array(Type.Object({ documentId: Type.String() }))),
    })
    await app.register(async (scope) => {
      scope.post('/things', { schema: { body: Body } }, async (request) => ({ got: request.body }))
      scope.post('/nullable', { schema: { body: Type.Union([Body, Type.Null()]) } }, async (request) => ({
        got: request.body ?? 'nothing',
      }))
    })
    await app.ready()
  })
  afterAll(() => app.close())

  const post = (url: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    })

  it('hands the handler the canonical body, in routes of child plugins too', async () => {
    const response = await post('/things', { Status: 'Sent', Documents: [{ DocumentId: '1' }] })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ got: { status: 'sent', documents: [{ documentId: '1' }] } })
  })

  it('reads a body whose schema is a union with null', async () => {
    const response = await post('/nullable', { status: 'CREATED' })
    expect(response.json()).toEqual({ got: { status: 'created' } })
  })

  it('still names the allowed values of an enum when none matches', async () => {
    const response = await post('/things', { status: 'Posted' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      kind: 'invalid_request',
      message: 'status must be one of: sent, created',
    })
  })
})

describe('numbers for strings and null for absent', () => {
  const schema = Type.Object({
    clientUserId: Type.Optional(Type.String()),
    sequence: Type.Optional(Type.String()),
    count: Type.Optional(Type.Integer()),
    note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    nested: Type.Optional(Type.Object({ ids: Type.Array(Type.String()) })),
    extra: Type.Optional(Type.Object({}, { additionalProperties: Type.String() })),
  })
  const normalise = compileBodyNormaliser(schema, { strictStrings: ['sequence'] })

  it('reads any finite number or boolean where a string is declared as its text', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()),
        (given) => {
          expect(normalise({ clientUserId: given, nested: { ids: [given] }, extra: { any: given } })).toEqual(
            {
              clientUserId: String(given),
              nested: { ids: [String(given)] },
              extra: { any: String(given) },
            },
          )
        },
      ),
    )
  })

  it('keeps a number where the schema declares a number, and in a strict property for validation to name', () => {
    expect(normalise({ count: 3, sequence: 1 })).toEqual({ count: 3, sequence: 1 })
  })

  it('reads "true" and "false" in any case where a boolean is declared, and leaves other text for validation', () => {
    const flags = compileBodyNormaliser(
      Type.Object({ flag: Type.Optional(Type.Boolean()), list: Type.Optional(Type.Array(Type.Boolean())) }),
    )
    expect(flags({ flag: 'TRUE', list: ['false', 'True', true] })).toEqual({
      flag: true,
      list: [false, true, true],
    })
    expect(flags({ flag: 'yes' })).toEqual({ flag: 'yes' })
    expect(flags({ flag: false })).toEqual({ flag: false })
  })

  it('drops a null property unless the schema admits null', () => {
    expect(normalise({ clientUserId: null, note: null, nested: null, unknown: null })).toEqual({ note: null })
  })
})
