import { sql } from 'kysely'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../testing/harness.js'
import { estimateRecipeCount, insertRecipe } from './repository.js'

/** 1,001 recipes with "garlic", 3 with "sumac": one search above the exact-count limit, one below. */
describeEachDatabase('GET /api/recipes total of a common search', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    await service.ctx.db.transaction().execute(async (tx) => {
      for (let index = 0; index < 1_004; index++) {
        const spice = index < 1_001 ? 'garlic' : 'sumac'
        await insertRecipe(
          tx,
          { title: `Dish ${index}`, ingredients: [`1 clove ${spice}`], instructions: ['Cook.'], tags: [] },
          new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
        )
      }
    })
    await sql`analyze`.execute(service.ctx.db)
  })
  afterAll(() => service.close())

  const list = async (query: string) => {
    const response = await service.app.inject({ method: 'GET', url: `/api/recipes?${query}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { recipes: { id: number }[]; total: number; totalEstimated?: true }
  }

  it('estimates the number of recipes for the plan choice from the statistics (PostgreSQL) or counts them', async () => {
    if (databases.dialect === 'postgres') expect(await estimateRecipeCount(service.ctx.db)).toBe(1_004)
    // SQLite's plan choice reads the unfiltered list's count (service.ts), the total answered here.
    else expect((await list('limit=1')).total).toBe(1_004)
    // Searches choosing their plan with it still find exactly their matches.
    expect((await list('search=sumac&limit=2')).recipes).toHaveLength(2)
  })

  it('counts a search of at most 1,000 matches exactly, without the flag', async () => {
    const answer = await list('search=sumac')
    expect(answer).toMatchObject({ total: 3 })
    expect(answer.totalEstimated).toBeUndefined()
  })

  describe(databases.dialect === 'postgres' ? 'on PostgreSQL' : 'on SQLite', () => {
    it(
      databases.dialect === 'postgres'
        ? 'estimates a larger total, above 1,000, and says so'
        : 'counts a larger total exactly',
      async () => {
        const answer = await list('search=garlic&limit=5')
        expect(answer.recipes).toHaveLength(5)
        if (databases.dialect === 'postgres') {
          expect(answer.totalEstimated).toBe(true)
          expect(answer.total).toBeGreaterThan(1_000)
        } else {
          expect(answer.total).toBe(1_001)
          expect(answer.totalEstimated).toBeUndefined()
        }
      },
    )

    it('still answers a page past an estimated total from the rows', async () => {
      const answer = await list('search=garlic&offset=1000&limit=5')
      expect(answer.recipes).toHaveLength(1)
    })
  })
})
