import fc from 'fast-check'
import { describeEachDatabase } from 'platform/testing'
import { beforeAll, expect, it } from 'vitest'
import { startTestService, type TestService } from '../testing/harness.js'
import {
  countMatchingRecipes,
  hasIndexPlan,
  newestMatchingRecipes,
  type RecipeFilter,
  type SearchPlan,
} from './repository.js'
import { filterOf } from './service.js'

/** Every plan that can answer the filter: the service picks one, the oracle checks them all. */
const plansFor = (filter: RecipeFilter): SearchPlan[] => [
  ...(hasIndexPlan(filter) ? (['index'] as const) : []),
  'scan',
  ...(filter.tagIds.length > 0 ? (['tag-walk'] as const) : []),
]

/**
 * Letters with and without accents (precomposed, and `e` with a combining acute), tricky case mappings,
 * LIKE wildcards, quotes, backslash and an astral-plane emoji.
 */
const alphabet = [
  'a',
  'a',
  'b',
  'A',
  'B',
  'e',
  'E',
  'n',
  'é',
  'É',
  'e\u0301',
  'ñ',
  'Ñ',
  'ø',
  'ß',
  'İ',
  'Σ',
  'ς',
  '%',
  '_',
  "'",
  '"',
  '\\',
  ' ',
  '😀',
]
const text = (maxLength: number) =>
  fc.array(fc.constantFrom(...alphabet), { maxLength }).map((characters) => characters.join(''))
const nonBlank = (maxLength: number) =>
  fc
    .array(fc.constantFrom(...alphabet), { minLength: 1, maxLength })
    .map((characters) => characters.join(''))
    .filter((value) => value.trim() !== '')

/** A shared word in many titles, so that queries often match several recipes. */
const title = fc
  .tuple(fc.constantFrom('', 'Sopa ', 'SOPA de ', 'sopa_'), nonBlank(10))
  .map(([stem, rest]) => `${stem}${rest}`)

/** Three tags exist; a recipe has any subset of them (by position). */
const TAG_COUNT = 3
const tagSubset = (maxLength: number) =>
  fc.subarray(
    Array.from({ length: TAG_COUNT }, (_, index) => index),
    { maxLength },
  )

const recipeInput = fc.record(
  {
    title,
    description: text(12),
    ingredients: fc.array(nonBlank(8), { minLength: 1, maxLength: 3 }),
    tags: tagSubset(TAG_COUNT),
  },
  { requiredKeys: ['title', 'ingredients', 'tags'] },
)

/** A query taken from stored text (code point offsets, random case) or made up. */
const textSpec = fc.oneof(
  fc.record({
    kind: fc.constant('substring' as const),
    recipe: fc.nat(),
    field: fc.nat(),
    start: fc.nat(),
    length: fc.integer({ min: 1, max: 6 }),
    variant: fc.constantFrom('same', 'upper', 'unaccented', 'unaccented upper'),
  }),
  fc.record({ kind: fc.constant('random' as const), text: nonBlank(4) }),
  fc.record({
    kind: fc.constant('random' as const),
    text: fc.constantFrom('sopa', 'SOP', 'pa_', 'a', 'aaa', 'so', 'ene', 'ÉÑE', ''),
  }),
)
const querySpec = fc.record({ text: textSpec, tags: tagSubset(2) })

interface Stored {
  id: number
  createdAt: string
  title: string
  description?: string
  ingredients: string[]
  tags: { id: number }[]
}

const fieldsOf = (recipe: Stored) => [
  recipe.title,
  ...(recipe.description ? [recipe.description] : []),
  ...recipe.ingredients,
]

type QuerySpec = typeof querySpec extends fc.Arbitrary<infer T> ? T : never

const stripAccents = (value: string) => value.normalize('NFD').replace(/\p{Mn}/gu, '')

function queryFor(spec: QuerySpec['text'], stored: Stored[]): string {
  if (spec.kind === 'random') return spec.text
  const recipe = stored[spec.recipe % stored.length] as Stored
  const fields = fieldsOf(recipe)
  const field = Array.from(fields[spec.field % fields.length] as string)
  const start = spec.start % field.length
  const slice = field.slice(start, start + spec.length).join('')
  const unaccented = spec.variant.startsWith('unaccented') ? stripAccents(slice) : slice
  return spec.variant.endsWith('upper') ? unaccented.toUpperCase() : unaccented
}

/** The definition of a match, in memory, written independently of search.ts: accents off, then case. */
const folded = (value: string) => stripAccents(value).toLowerCase()
const expectedIds = (stored: Stored[], query: string, tagIds: number[]) =>
  stored
    .filter((recipe) => fieldsOf(recipe).some((field) => folded(field).includes(folded(query))))
    .filter((recipe) => tagIds.every((tagId) => recipe.tags.some((tag) => tag.id === tagId)))
    .sort((a, b) => b.id - a.id)
    .map((recipe) => recipe.id)

describeEachDatabase(
  'search property: results equal an in-memory filter (accents and case ignored, every tag held)',
  (databases) => {
    let service: TestService
    const tagIds: number[] = []
    beforeAll(async () => {
      // A clock running backwards, two writes per millisecond: the order is still the order of adding
      // (by id), whatever createdAt says.
      let reads = 0
      const clock = () => Date.UTC(2026, 2, 24) - Math.floor(reads++ / 2)
      service = await startTestService(await databases.freshUrl(), {}, clock)
      for (let index = 0; index < TAG_COUNT; index++) {
        const response = await service.app.inject({
          method: 'POST',
          url: '/api/tags',
          payload: { name: `tag ${index}` },
        })
        tagIds.push(response.json().tag.id)
      }
      return () => service.close()
    })

    it('returns exactly the matching recipes, newest first, with the right total, through every plan', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(recipeInput, { minLength: 1, maxLength: 6 }),
          fc.array(querySpec, { minLength: 1, maxLength: 5 }),
          async (inputs, specs) => {
            const stored: Stored[] = []
            try {
              for (const input of inputs) {
                const response = await service.app.inject({
                  method: 'POST',
                  url: '/api/recipes',
                  payload: {
                    ...input,
                    instructions: ['Cocinar'],
                    tags: input.tags.map((index) => tagIds[index]),
                  },
                })
                expect(response.statusCode).toBe(201)
                stored.push(response.json().recipe)
              }
              for (const spec of specs) {
                const query = queryFor(spec.text, stored)
                const tags = spec.tags.map((index) => tagIds[index] as number)
                const expected = expectedIds(stored, query, tags)
                const tagParameters = tags.map((tagId) => `&tag=${tagId}`).join('')
                const response = await service.app.inject({
                  method: 'GET',
                  url: `/api/recipes?limit=100&search=${encodeURIComponent(query)}${tagParameters}`,
                })
                const body = response.json()
                expect({
                  query,
                  tags,
                  ids: body.recipes.map((recipe: Stored) => recipe.id),
                  total: body.total,
                }).toEqual({
                  query,
                  tags,
                  ids: expected,
                  total: expected.length,
                })

                const filter = filterOf({ search: query, tag: tags })
                for (const plan of plansFor(filter)) {
                  const { db, dialect } = service.ctx
                  const total = await countMatchingRecipes(db, dialect, filter, plan)
                  const page = await newestMatchingRecipes(db, dialect, filter, plan, {
                    offset: 0,
                    limit: 100,
                  })
                  expect({ query, tags, plan, ids: page.map((recipe) => recipe.id), total }).toEqual({
                    query,
                    tags,
                    plan,
                    ids: expected,
                    total: expected.length,
                  })
                }
              }
            } finally {
              for (const recipe of stored) {
                await service.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.id}` })
              }
            }
          },
        ),
        { numRuns: 40 },
      )
    })
  },
)
