import { describeEachDatabase } from 'platform/testing'
import { beforeAll, expect, it } from 'vitest'
import { recipeBody, startTestService, steppingClock, type TestService } from '../testing/harness.js'

describeEachDatabase('GET /api/recipes?tag=', (databases) => {
  let service: TestService
  const tag: Record<string, number> = {}
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), {}, steppingClock())
    for (const name of ['vegan', 'quick', 'dessert']) {
      const response = await service.app.inject({ method: 'POST', url: '/api/tags', payload: { name } })
      tag[name] = response.json().tag.id
    }
    const recipes: [string, string, string[]][] = [
      ['salad', 'Ensalada verde', ['vegan', 'quick']],
      ['soup', 'Sopa de verduras', ['vegan']],
      ['cake', 'Pastel de crème', ['dessert', 'quick']],
      ['flan', 'Flan', ['dessert']],
      ['toast', 'Tostada vegana', ['vegan', 'quick']],
      ['plain', 'Pan', []],
    ]
    for (const [key, title, names] of recipes) {
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/recipes',
        payload: recipeBody({ title, tags: names.map((name) => tag[name]) }),
      })
      ids[key] = response.json().recipe.id
    }
    return () => service.close()
  })

  const list = async (query: string) => {
    const response = await service.app.inject({ method: 'GET', url: `/api/recipes?${query}` })
    expect(response.statusCode).toBe(200)
    const body = response.json() as { recipes: { id: number }[]; total: number }
    return { ids: body.recipes.map((recipe) => recipe.id), total: body.total }
  }

  it('keeps the recipes having the one tag, newest first', async () => {
    expect(await list(`tag=${tag.vegan}`)).toEqual({ ids: [ids.toast, ids.soup, ids.salad], total: 3 })
  })

  it('keeps only the recipes having every repeated tag', async () => {
    expect(await list(`tag=${tag.vegan}&tag=${tag.quick}`)).toEqual({ ids: [ids.toast, ids.salad], total: 2 })
    expect(await list(`tag=${tag.vegan}&tag=${tag.dessert}`)).toEqual({ ids: [], total: 0 })
  })

  it('ignores a repeated id', async () => {
    expect(await list(`tag=${tag.dessert}&tag=${tag.dessert}`)).toEqual({
      ids: [ids.flan, ids.cake],
      total: 2,
    })
  })

  it('combines with search and paging', async () => {
    expect(await list(`tag=${tag.quick}&search=CREME`)).toEqual({ ids: [ids.cake], total: 1 })
    expect(await list(`tag=${tag.quick}&search=a&limit=1&offset=1`)).toEqual({ ids: [ids.cake], total: 3 })
    expect(await list(`tag=${tag.quick}&search=a&limit=1&offset=3`)).toEqual({ ids: [], total: 3 })
  })

  it('matches nothing for a tag id that does not exist', async () => {
    expect(await list('tag=987654')).toEqual({ ids: [], total: 0 })
  })

  it('reflects a tag assigned or removed at once', async () => {
    await service.app.inject({
      method: 'POST',
      url: `/api/tags/recipes/${ids.plain}/tags`,
      payload: { tagId: tag.dessert },
    })
    expect((await list(`tag=${tag.dessert}`)).ids).toEqual([ids.plain, ids.flan, ids.cake])
    await service.app.inject({
      method: 'DELETE',
      url: `/api/tags/recipes/${ids.plain}/tags`,
      payload: { tagId: tag.dessert },
    })
    expect((await list(`tag=${tag.dessert}`)).ids).toEqual([ids.flan, ids.cake])
  })

  it.each([
    ['tag=abc', 'tag[0] must be an integer'],
    ['tag=0', 'tag[0] must be >= 1'],
    [
      Array.from({ length: 11 }, (_, index) => `tag=${index + 1}`).join('&'),
      'tag must have at most 10 items',
    ],
  ])('returns 400 for %s', async (query, message) => {
    const response = await service.app.inject({ method: 'GET', url: `/api/recipes?${query}` })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ success: false, error: message, code: 'invalid_request' })
  })
})
