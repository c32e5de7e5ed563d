import fc from 'fast-check'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recipeAnswerJson, recipeListJson } from './json.js'
import { type RecipeReadRow, toRecipe } from './repository.js'
import { RecipeListResponse, RecipeResponse } from './schema.js'

/** Any text, lone surrogates, quotes, backslashes and control characters included. */
const anyText = fc.string({ unit: 'binary', maxLength: 30 })
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null })

const tagList = fc.array(fc.record({ id: fc.integer({ min: 1, max: 2 ** 40 }), name: anyText }), {
  maxLength: 4,
})

/** A read row as the repository returns it: the arrays and tags as JSON text (JSON.stringify's). */
const readRow: fc.Arbitrary<RecipeReadRow> = fc
  .record({
    id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    title: anyText,
    description: nullable(anyText),
    ingredients: fc.array(anyText, { minLength: 1, maxLength: 5 }),
    instructions: fc.array(anyText, { minLength: 1, maxLength: 5 }),
    servings: nullable(fc.integer({ min: 1, max: 1000 })),
    source_url: nullable(anyText),
    notes: nullable(anyText),
    created_at: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    updated_at: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    image: nullable(
      fc.record({
        hash: fc.stringMatching(/^[0-9a-f]{16}$/),
        width: fc.integer({ min: 1, max: 1200 }),
        height: fc.integer({ min: 1, max: 1200 }),
      }),
    ),
    tags: tagList,
  })
  .map(({ image, tags, ingredients, instructions, ...fields }) => ({
    ...fields,
    ingredients: JSON.stringify(ingredients),
    instructions: JSON.stringify(instructions),
    image_hash: image?.hash ?? null,
    image_width: image?.width ?? null,
    image_height: image?.height ?? null,
    tags_json: JSON.stringify(tags),
  }))

/**
 * The schema's own serializer (Fastify's fast-json-stringify, as the routes answering objects use it),
 * to hold the hand-written JSON to: the same bytes for the same recipe.
 */
let app: FastifyInstance
let nextAnswer: unknown
beforeAll(async () => {
  app = Fastify()
  app.get('/recipe', { schema: { response: { 200: RecipeResponse } } }, async () => nextAnswer)
  app.get('/list', { schema: { response: { 200: RecipeListResponse } } }, async () => nextAnswer)
  await app.ready()
})
afterAll(() => app.close())

const serializedBySchema = async (path: string, answer: unknown) => {
  nextAnswer = answer
  return (await app.inject(path)).body
}

describe('the read routes’ JSON, written from rows', () => {
  it('is what the schema’s serializer writes for the same recipe, byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(readRow, async (row) => {
        const written = recipeAnswerJson(row)
        expect(written).toBe(await serializedBySchema('/recipe', { recipe: toRecipe(row) }))
      }),
      { numRuns: 300 },
    )
  })

  it('writes list pages the same way, with the estimated flag only when the total is estimated', async () => {
    await fc.assert(
      fc.asyncProperty(
        // Distinct ids: the tags are handed over by recipe id, as a page (distinct recipes) has them.
        fc.uniqueArray(readRow, { selector: (row) => row.id, maxLength: 4 }),
        fc.nat(),
        fc.boolean(),
        async (rows, total, estimated) => {
          const tagsOf = new Map(rows.map((row) => [row.id, JSON.parse(row.tags_json)]))
          const written = recipeListJson(rows, tagsOf, total, estimated)
          const answer = {
            recipes: rows.map(toRecipe),
            total,
            ...(estimated ? { totalEstimated: true } : {}),
          }
          expect(written).toBe(await serializedBySchema('/list', answer))
        },
      ),
      { numRuns: 100 },
    )
  })

  it('gives a recipe without tags an empty list', () => {
    const row = { ...fc.sample(readRow, { numRuns: 1, seed: 7 })[0], tags_json: '[]' } as RecipeReadRow
    expect(JSON.parse(recipeListJson([row], new Map(), 1, false)).recipes[0].tags).toEqual([])
  })
})
