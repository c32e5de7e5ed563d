import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { resolveSchemaReferences } from '../testing/openapi.js'
import { shareRepeatedSchemas } from './shared-schemas.js'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** A JSON Schema of a few levels, with long descriptions so that repeated shapes are worth sharing. */
const schema: fc.Memo<Json> = fc.memo((depth) => {
  const leaf = fc.record({
    type: fc.constantFrom('string', 'integer', 'boolean'),
    description: fc.constantFrom('a'.repeat(120), 'b'.repeat(250), 'c'),
  })
  if (depth <= 1) return leaf
  return fc.oneof(
    leaf,
    fc.record({
      type: fc.constant('object'),
      properties: fc.dictionary(
        fc.constantFrom('signers', 'tabs', 'name', 'companies', 'x'),
        schema(depth - 1),
        {
          maxKeys: 4,
        },
      ),
    }),
    fc.record({ type: fc.constant('array'), items: schema(depth - 1) }),
    fc.record({ anyOf: fc.array(schema(depth - 1), { minLength: 1, maxLength: 3 }) }),
  )
})

/** Documents whose operations reuse a few shapes (the same object, or an equal copy) in bodies and answers. */
const documents = fc
  .tuple(
    fc.array(schema(4), { minLength: 1, maxLength: 4 }),
    fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
  )
  .map(([shapes, picks]) => ({
    openapi: '3.1.0',
    paths: Object.fromEntries(
      picks.map((pick, index) => [
        `/things/${index}`,
        {
          post: {
            requestBody: {
              content: { 'application/json': { schema: shapes[pick % shapes.length] as Json } },
            },
            responses: {
              '200': {
                content: {
                  'application/json': { schema: structuredClone(shapes[(pick + 1) % shapes.length]) },
                },
              },
            },
            parameters: [{ in: 'query', name: 'q', schema: { type: 'string' } }],
          },
        },
      ]),
    ),
  }))

describe('shareRepeatedSchemas', () => {
  it('changes no meaning: resolving the references gives the document back, and it grows by no more than the components wrapper', () => {
    fc.assert(
      fc.property(documents, (document) => {
        const before = structuredClone(document)
        const shared = shareRepeatedSchemas(document)
        expect(document).toEqual(before) // the input is left alone
        expect(resolveSchemaReferences(shared).paths).toEqual(before.paths)
        expect(JSON.stringify(shared).length).toBeLessThanOrEqual(JSON.stringify(before).length + 30)
      }),
    )
  })

  it('writes a shape used twice once, under the name of the property that uses it', () => {
    const signer = {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The signer’s full name, as it is printed.'.repeat(5) },
      },
    }
    const body = (list: string) => ({
      content: {
        'application/json': {
          schema: { type: 'object', properties: { [list]: { type: 'array', items: signer } } },
        },
      },
    })
    const document = {
      paths: {
        '/a': { post: { requestBody: body('signers') } },
        '/b': { put: { requestBody: body('signers') } },
      },
      components: { securitySchemes: {} },
    }
    const shared = shareRepeatedSchemas(document)
    expect(Object.keys(shared.components?.schemas ?? {})).toEqual(['aRequest'])
    expect(shared.components).toMatchObject({ securitySchemes: {} })
    const onlySigners = shareRepeatedSchemas({
      paths: {
        '/a': { post: { requestBody: body('signers') } },
        '/b': { put: { requestBody: body('inPersonSigners') } },
      },
    })
    // The list itself is the repeated shape (its items are written once, inside it).
    expect(onlySigners.components?.schemas).toEqual({
      signers: { type: 'array', items: signer },
    })
  })

  it('leaves a document without repeated shapes as it is', () => {
    const document = {
      paths: {
        '/a': {
          get: { responses: { '200': { content: { 'text/plain': { schema: { type: 'string' } } } } } },
        },
      },
    }
    expect(shareRepeatedSchemas(document)).toBe(document)
  })
})
