import { describeEachDatabase } from 'platform/testing'
import { beforeAll, describe, expect, it } from 'vitest'
import { recipeBody, startTestService, steppingClock, type TestService } from '../testing/harness.js'
import { countMatchingRecipes, newestMatchingRecipes, type SearchPlan } from './repository.js'
import { filterOf } from './service.js'

describeEachDatabase('GET /api/recipes?search=', (databases) => {
  let service: TestService
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), {}, steppingClock())
    const recipes: Record<string, Record<string, unknown>> = {
      jalapeno: { title: 'Jalapeño poppers', ingredients: ['12 jalapeños', 'queso crema'] },
      creme: {
        title: 'Crème brûlée',
        description: 'Postre francés',
        ingredients: ['crème fraîche', 'azúcar'],
      },
      percent: { title: 'Pan 100% integral', ingredients: ['harina integral'] },
      underscore: { title: 'pan_integral', ingredients: ['harina'] },
      quotes: { title: 'Mamá\'s "special" soup', ingredients: ['agua'] },
      backslash: { title: 'Back\\slash stew', ingredients: ['C:\\path'] },
      hidden: {
        title: 'Sopa',
        ingredients: ['ajo'],
        instructions: ['Añadir azafrán al final'],
        notes: 'Con pimentón de la Vera',
      },
      lentils: {
        title: 'Sopa de lentejas',
        description: 'Con chorizo',
        ingredients: ['lentejas', 'zanahoria'],
      },
    }
    for (const [key, overrides] of Object.entries(recipes)) {
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/recipes',
        payload: recipeBody(overrides),
      })
      ids[key] = response.json().recipe.id
    }
    return () => service.close()
  })

  const search = async (query: string, extra = '') => {
    const response = await service.app.inject({
      method: 'GET',
      url: `/api/recipes?search=${encodeURIComponent(query)}${extra}`,
    })
    expect(response.statusCode).toBe(200)
    const body = response.json() as { recipes: { id: number }[]; total: number }
    return { ids: body.recipes.map((recipe) => recipe.id), total: body.total }
  }

  it('matches a substring of the title, ignoring case', async () => {
    expect((await search('POPPERS')).ids).toEqual([ids.jalapeno])
  })

  it('matches non-ASCII text in any case: jalapeño, CRÈME', async () => {
    expect((await search('jalapeño')).ids).toEqual([ids.jalapeno])
    expect((await search('JALAPEÑO')).ids).toEqual([ids.jalapeno])
    expect((await search('CRÈME')).ids).toEqual([ids.creme])
    expect((await search('ème')).ids).toEqual([ids.creme])
  })

  it('ignores accents both ways: creme finds Crème, JALAPEÑO finds jalapeno', async () => {
    expect((await search('creme')).ids).toEqual([ids.creme])
    expect((await search('CREME BRULEE')).ids).toEqual([ids.creme])
    expect((await search('jalapeno')).ids).toEqual([ids.jalapeno])
    expect((await search('francais')).ids).toEqual([])
    expect((await search('frances')).ids).toEqual([ids.creme])
    const plain = await service.app.inject({
      method: 'POST',
      url: '/api/recipes',
      payload: recipeBody({ title: 'Chiles jalapeno' }),
    })
    const plainId = plain.json().recipe.id
    expect((await search('JALAPEÑO')).ids).toEqual([plainId, ids.jalapeno])
    await service.app.inject({ method: 'DELETE', url: `/api/recipes/${plainId}` })
  })

  it('matches the description and any ingredient, but not instructions or notes', async () => {
    expect((await search('francés')).ids).toEqual([ids.creme])
    expect((await search('fraîche')).ids).toEqual([ids.creme])
    expect((await search('azafrán')).ids).toEqual([])
    expect((await search('pimentón')).ids).toEqual([])
  })

  it('never matches text spanning two fields', async () => {
    expect((await search('sopaajo')).ids).toEqual([])
    expect((await search('a a')).ids).toEqual([])
  })

  it('treats %, _, quotes and backslashes literally', async () => {
    expect((await search('%')).ids).toEqual([ids.percent])
    expect((await search('100%')).ids).toEqual([ids.percent])
    expect((await search('_')).ids).toEqual([ids.underscore])
    expect((await search('n_i')).ids).toEqual([ids.underscore])
    expect((await search("'")).ids).toEqual([ids.quotes])
    expect((await search('á\'s "spec')).ids).toEqual([ids.quotes])
    expect((await search('"')).ids).toEqual([ids.quotes])
    expect((await search('\\')).ids).toEqual([ids.backslash])
    expect((await search('c:\\pa')).ids).toEqual([ids.backslash])
  })

  it('treats FTS and SQL syntax as plain text and never fails', async () => {
    for (const query of [
      '"',
      '""',
      '*',
      'AND',
      'a OR b',
      'NOT x',
      'NEAR(a b)',
      'title:x',
      '^sopa',
      '(',
      "'; drop",
      '%%',
      '__',
      '\\%',
    ]) {
      expect((await search(query)).total).toBeGreaterThanOrEqual(0)
    }
  })

  it('returns newest first, counting every match in total across pages', async () => {
    const first = await search('a', '&limit=2')
    const rest = await search('a', '&limit=100&offset=2')
    const all = await search('a', '&limit=100')
    expect(first.ids).toHaveLength(2)
    expect(first.total).toBe(all.ids.length)
    expect(rest.total).toBe(all.total)
    expect([...first.ids, ...rest.ids]).toEqual(all.ids)
    expect(all.ids).toEqual([...all.ids].sort((a, b) => b - a))
  })

  it('treats an empty search as no filter', async () => {
    expect((await search('')).total).toBe(Object.keys(ids).length)
  })

  it('matches nothing for a query holding a control character', async () => {
    expect(await search('a\u001fb')).toEqual({ ids: [], total: 0 })
    expect(await search('\u0000')).toEqual({ ids: [], total: 0 })
  })

  it('reflects creates, updates and deletes in results and totals at once', async () => {
    expect((await search('zanahoria')).total).toBe(1)
    const created = await service.app.inject({
      method: 'POST',
      url: '/api/recipes',
      payload: recipeBody({ ingredients: ['Zanahoria rallada'] }),
    })
    const id = created.json().recipe.id
    expect(await search('zanahoria')).toEqual({ ids: [id, ids.lentils], total: 2 })
    await service.app.inject({ method: 'PUT', url: `/api/recipes/${id}`, payload: recipeBody() })
    expect(await search('zanahoria')).toEqual({ ids: [ids.lentils], total: 1 })
    await service.app.inject({ method: 'DELETE', url: `/api/recipes/${ids.lentils}` })
    expect(await search('zanahoria')).toEqual({ ids: [], total: 0 })
  })

  describe('both query plans give the same answer', () => {
    for (const query of ['pan', 'CRÈME', '100%', "á's", 'c:\\', 'integral']) {
      it(`for "${query}"`, async () => {
        const filter = filterOf({ search: query })
        const answers = await Promise.all(
          (['index', 'scan'] as SearchPlan[]).map(async (plan) => ({
            total: await countMatchingRecipes(service.ctx.db, service.ctx.dialect, filter, plan),
            ids: (
              await newestMatchingRecipes(service.ctx.db, service.ctx.dialect, filter, plan, {
                offset: 0,
                limit: 100,
              })
            ).map((recipe) => recipe.id),
          })),
        )
        expect(answers[0]).toEqual(answers[1])
        expect(answers[0]).toEqual(await search(query, '&limit=100'))
      })
    }
  })
})
