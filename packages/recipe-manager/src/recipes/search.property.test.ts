import fc from 'fast-check'
import { describeEachDatabase } from 'platform/testing'
import { beforeAll, expect, it } from 'vitest'
import { startTestService, type TestService } from '../testing/harness.js'
import { countMatchingRecipes, newestMatchingRecipes, type SearchPlan } from './repository.js'
import { isTrigramQuery, normalizeQuery } from './search.js'

/** Letters with tricky case mappings, LIKE wildcards, quotes, backslash and an astral-plane emoji. */
const alphabet = [
  'a',
  'a',
  'b',
  'A',
  'B',
  'é',
  'É',
  'ñ',
  'Ñ',
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

const recipeInput = fc.record(
  {
    title,
    description: text(12),
    ingredients: fc.array(nonBlank(8), { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: ['title', 'ingredients'] },
)

/** A query taken from stored text (code point offsets, random case) or made up. */
const querySpec = fc.oneof(
  fc.record({
    kind: fc.constant('substring' as const),
    recipe: fc.nat(),
    field: fc.nat(),
    start: fc.nat(),
    length: fc.integer({ min: 1, max: 6 }),
    upper: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('random' as const), text: nonBlank(4) }),
  fc.record({
    kind: fc.constant('random' as const),
    text: fc.constantFrom('sopa', 'SOP', 'pa_', 'a', 'aaa', 'so'),
  }),
)

interface Stored {
  id: number
  createdAt: string
  title: string
  description?: string
  ingredients: string[]
}

const fieldsOf = (recipe: Stored) => [
  recipe.title,
  ...(recipe.description ? [recipe.description] : []),
  ...recipe.ingredients,
]

type QuerySpec = typeof querySpec extends fc.Arbitrary<infer T> ? T : never

function queryFor(spec: QuerySpec, stored: Stored[]): string {
  if (spec.kind === 'random') return spec.text
  const recipe = stored[spec.recipe % stored.length] as Stored
  const fields = fieldsOf(recipe)
  const field = Array.from(fields[spec.field % fields.length] as string)
  const start = spec.start % field.length
  const slice = field.slice(start, start + spec.length).join('')
  return spec.upper ? slice.toUpperCase() : slice
}

/** The definition of a match, in memory. */
const expectedIds = (stored: Stored[], query: string) =>
  stored
    .filter((recipe) => fieldsOf(recipe).some((field) => field.toLowerCase().includes(query.toLowerCase())))
    .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1))
    .map((recipe) => recipe.id)

describeEachDatabase(
  'search property: results equal an in-memory toLowerCase().includes() filter',
  (databases) => {
    let service: TestService
    beforeAll(async () => {
      // A clock running backwards, two writes per millisecond: newest-first order then disagrees with id
      // order, and pairs tie on createdAt, so both parts of the ordering are checked.
      let reads = 0
      const clock = () => Date.UTC(2026, 2, 24) - Math.floor(reads++ / 2)
      service = await startTestService(await databases.freshUrl(), {}, clock)
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
                  payload: { ...input, instructions: ['Cocinar'] },
                })
                expect(response.statusCode).toBe(201)
                stored.push(response.json().recipe)
              }
              for (const spec of specs) {
                const query = queryFor(spec, stored)
                const expected = expectedIds(stored, query)
                const response = await service.app.inject({
                  method: 'GET',
                  url: `/api/recipes?limit=100&search=${encodeURIComponent(query)}`,
                })
                const body = response.json()
                expect({
                  query,
                  ids: body.recipes.map((recipe: Stored) => recipe.id),
                  total: body.total,
                }).toEqual({
                  query,
                  ids: expected,
                  total: expected.length,
                })

                const normalized = normalizeQuery(query)
                const plans: SearchPlan[] = isTrigramQuery(normalized) ? ['index', 'scan'] : ['scan']
                for (const plan of plans) {
                  const { db, dialect } = service.ctx
                  const total = await countMatchingRecipes(db, dialect, normalized, plan)
                  const page = await newestMatchingRecipes(db, dialect, normalized, plan, {
                    offset: 0,
                    limit: 100,
                  })
                  expect({ query, plan, ids: page.map((recipe) => recipe.id), total }).toEqual({
                    query,
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
