import { describeEachDatabase } from 'platform/testing'
import { beforeAll, expect, it } from 'vitest'
import { recipeBody, startTestService, steppingClock, type TestService } from '../testing/harness.js'
import { insertRecipe } from './repository.js'
import { toRecipeDraft } from './service.js'

// Get by id reads on SQLite's second connection, outside Kysely (context.ts `reader`): it must still see
// what was committed before it, and never what a transaction has written and not yet committed.
describeEachDatabase('get by id reads committed recipes only', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), {}, steppingClock())
    return () => service.close()
  })
  const get = (id: number) => service.app.inject({ method: 'GET', url: `/api/recipes/${id}` })

  it('answers 404 while the recipe is uncommitted and the recipe once it is', async () => {
    const draft = toRecipeDraft(recipeBody({ title: 'Gazpacho' }))
    const record = await service.ctx.db.transaction().execute(async (tx) => {
      const record = await insertRecipe(tx, draft, '2026-12-05T12:00:00.000Z')
      expect((await get(record.id)).statusCode).toBe(404)
      return record
    })
    const response = await get(record.id)
    expect(response.statusCode).toBe(200)
    expect(response.json().recipe).toMatchObject({ id: record.id, title: 'Gazpacho', tags: [] })
  })

  it('sees a recipe created through the API at once, and its replacement', async () => {
    const created = await service.app.inject({ method: 'POST', url: '/api/recipes', payload: recipeBody() })
    const { id } = created.json().recipe
    expect((await get(id)).json().recipe.title).toBe('Sopa de lentejas')
    const replaced = await service.app.inject({
      method: 'PUT',
      url: `/api/recipes/${id}`,
      payload: recipeBody({ title: 'Sopa de garbanzos' }),
    })
    expect(replaced.statusCode).toBe(200)
    expect((await get(id)).json().recipe.title).toBe('Sopa de garbanzos')
  })
})
