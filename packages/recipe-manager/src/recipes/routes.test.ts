import { describeEachDatabase, findNull } from 'platform/testing'
import { beforeAll, describe, expect, it } from 'vitest'
import { recipeBody, startTestService, steppingClock, type TestService } from '../testing/harness.js'

describeEachDatabase('recipes API', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), {}, steppingClock())
    return () => service.close()
  })

  const post = (payload: unknown) =>
    service.app.inject({ method: 'POST', url: '/api/recipes', payload: payload as object })
  const put = (id: number | string, payload: unknown) =>
    service.app.inject({ method: 'PUT', url: `/api/recipes/${id}`, payload: payload as object })
  const get = (url: string) => service.app.inject({ method: 'GET', url })
  const createTag = async (name: string) =>
    (await service.app.inject({ method: 'POST', url: '/api/tags', payload: { name } })).json().tag as {
      id: number
      name: string
    }
  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await post(recipeBody(overrides))
    expect(response.statusCode).toBe(201)
    return response.json().recipe
  }

  describe('POST /api/recipes', () => {
    it('returns 201 with the stored recipe, its tags and timestamps', async () => {
      const tag = await createTag('Cena')
      const response = await post(
        recipeBody({
          description: 'Reconfortante',
          servings: 4,
          sourceUrl: 'https://example.com/sopa',
          notes: 'Mejor al día siguiente',
          tags: [tag.id],
        }),
      )
      expect(response.statusCode).toBe(201)
      const { recipe } = response.json()
      expect(recipe).toEqual({
        id: expect.any(Number),
        title: 'Sopa de lentejas',
        description: 'Reconfortante',
        ingredients: ['300 g de lentejas', '1 cebolla'],
        instructions: ['Sofríe la cebolla.', 'Añade las lentejas y cuece 40 minutos.'],
        servings: 4,
        sourceUrl: 'https://example.com/sopa',
        notes: 'Mejor al día siguiente',
        tags: [tag],
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updatedAt: recipe.createdAt,
      })
      expect((await get(`/api/recipes/${recipe.id}`)).json()).toEqual({ recipe })
    })

    it('omits absent optional fields instead of returning null, and always returns tags', async () => {
      const response = await post(recipeBody())
      const { recipe } = response.json()
      expect(findNull(response.json())).toBeUndefined()
      expect(Object.keys(recipe).sort()).toEqual(
        ['createdAt', 'id', 'ingredients', 'instructions', 'tags', 'title', 'updatedAt'].sort(),
      )
      expect(recipe.tags).toEqual([])
    })

    it('trims the title, ingredients and instructions and treats blank optional text as absent', async () => {
      const recipe = await create({
        title: '  Arepas de queso \n',
        ingredients: [' harina de maíz '],
        instructions: ['\tAmasar'],
        description: '   ',
        notes: '',
      })
      expect(recipe.title).toBe('Arepas de queso')
      expect(recipe.ingredients).toEqual(['harina de maíz'])
      expect(recipe.instructions).toEqual(['Amasar'])
      expect(recipe).not.toHaveProperty('description')
      expect(recipe).not.toHaveProperty('notes')
    })

    it('keeps non-ASCII text exactly', async () => {
      const recipe = await create({ title: 'Crème brûlée 🍮', ingredients: ['jalapeño', 'Ærø ß İ'] })
      expect(recipe.title).toBe('Crème brûlée 🍮')
      expect(recipe.ingredients).toEqual(['jalapeño', 'Ærø ß İ'])
    })

    it('ignores duplicate tag ids and unknown body fields', async () => {
      const tag = await createTag('Duplicada')
      const recipe = await create({ tags: [tag.id, tag.id], id: 999, createdAt: 'yesterday' })
      expect(recipe.tags).toEqual([tag])
      expect(recipe.id).not.toBe(999)
    })

    it('stores every one of many concurrent creates (they share commits)', async () => {
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, index) => post(recipeBody({ title: `Concurrente ${index}` }))),
      )
      const recipes = responses.map((response) => response.json().recipe)
      expect(responses.every((response) => response.statusCode === 201)).toBe(true)
      expect(new Set(recipes.map((recipe) => recipe.id)).size).toBe(40)
      for (const recipe of recipes)
        expect((await get(`/api/recipes/${recipe.id}`)).json()).toEqual({ recipe })
    })

    it('accepts limits at their maximum', async () => {
      const recipe = await create({
        title: 'é'.repeat(200),
        ingredients: Array.from({ length: 200 }, (_, index) => `ingredient ${index}`),
      })
      expect(recipe.title).toHaveLength(200)
    })
  })

  describe('recipe body validation (POST and PUT)', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['title is missing', { title: undefined }, 'title is required'],
      ['ingredients are missing', { ingredients: undefined }, 'ingredients is required'],
      ['instructions are missing', { instructions: undefined }, 'instructions is required'],
      ['title is blank after trimming', { title: '   ' }, 'title must not be empty'],
      [
        'title is longer than 200 characters',
        { title: 'x'.repeat(201) },
        'title must be at most 200 characters',
      ],
      ['title is a number', { title: 42 }, 'title must be a string'],
      ['ingredients is empty', { ingredients: [] }, 'ingredients must have at least one item'],
      ['an ingredient is blank', { ingredients: ['sal', ' '] }, 'ingredients[1] must not be empty'],
      ['an ingredient is not a string', { ingredients: ['sal', 3] }, 'ingredients[1] must be a string'],
      ['ingredients is a string', { ingredients: 'sal' }, 'ingredients must be an array'],
      ['instructions is empty', { instructions: [] }, 'instructions must have at least one item'],
      ['an instruction is blank', { instructions: [''] }, 'instructions[0] must not be empty'],
      [
        'there are more than 200 ingredients',
        { ingredients: Array.from({ length: 201 }, () => 'sal') },
        'ingredients must have at most 200 items',
      ],
      ['servings is zero', { servings: 0 }, 'servings must be >= 1'],
      ['servings is fractional', { servings: 1.5 }, 'servings must be an integer'],
      ['servings is a string', { servings: '4' }, 'servings must be an integer'],
      ['servings is null', { servings: null }, 'servings must be an integer'],
      ['sourceUrl is not a URL', { sourceUrl: 'not a url' }, 'sourceUrl must be an http or https URL'],
      [
        'sourceUrl uses javascript:',
        { sourceUrl: 'javascript:alert(1)' },
        'sourceUrl must be an http or https URL',
      ],
      ['sourceUrl uses ftp:', { sourceUrl: 'ftp://example.com/a' }, 'sourceUrl must be an http or https URL'],
      [
        'sourceUrl holds a control character',
        { sourceUrl: 'https://example.com/\u0000' },
        'sourceUrl must not contain control characters',
      ],
      ['sourceUrl is blank', { sourceUrl: ' ' }, 'sourceUrl must not be empty'],
      ['description is a number', { description: 5 }, 'description must be a string'],
      ['notes are an array', { notes: ['x'] }, 'notes must be a string'],
      ['tags holds a string', { tags: ['1'] }, 'tags[0] must be an integer'],
      ['tags holds zero', { tags: [0] }, 'tags[0] must be >= 1'],
      ['tags names an unknown tag', { tags: [987654] }, 'tags[0] is 987654, which is not an existing tag'],
      [
        'the title holds a control character',
        { title: 'a\u0000b' },
        'title must not contain control characters',
      ],
      [
        'an ingredient holds the field separator',
        { ingredients: ['a\u001fb'] },
        'ingredients[0] must not contain control characters',
      ],
    ]
    it('names every problem in one 400', async () => {
      const body = recipeBody({ title: ' ', ingredients: ['sal', ''], servings: 0, sourceUrl: 'ftp://x' })
      for (const response of [await post(body), await put((await create()).id, body)]) {
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({
          success: false,
          error:
            'title must not be empty; ingredients[1] must not be empty; servings must be >= 1; ' +
            'sourceUrl must be an http or https URL',
          code: 'invalid',
          problems: [
            { field: 'title', rule: 'empty' },
            { field: 'ingredients[1]', rule: 'empty' },
            { field: 'servings', rule: 'min', limit: 1 },
            { field: 'sourceUrl', rule: 'url' },
          ],
        })
      }
    })

    for (const [what, overrides, message] of cases) {
      it(`returns 400 "${message}" when ${what}`, async () => {
        const body = recipeBody(overrides)
        for (const response of [await post(body), await put((await create()).id, body)]) {
          expect(response.statusCode).toBe(400)
          const refusal = response.json()
          expect(refusal).toMatchObject({ success: false, error: message })
          if (message.includes('not an existing tag')) expect(refusal.code).toBe('unknown_tag')
          else expect(refusal).toMatchObject({ code: 'invalid', problems: [expect.any(Object)] })
        }
      })
    }

    it('returns 400 when the body is not a JSON object', async () => {
      for (const payload of [[], 'text', 5]) {
        const response = await service.app.inject({
          method: 'POST',
          url: '/api/recipes',
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({
          success: false,
          error: 'Request body must be a JSON object',
          code: 'invalid',
          problems: [{ field: 'body', rule: 'body' }],
        })
      }
    })

    it('returns 400 for malformed JSON', async () => {
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/recipes',
        payload: '{"title": "Sopa",',
        headers: { 'content-type': 'application/json' },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        success: false,
        error: expect.stringMatching(/not valid JSON/),
        code: 'invalid_request',
      })
    })

    it('returns 413 for a body over 1 MiB', async () => {
      const response = await post(recipeBody({ notes: 'x'.repeat(1024 * 1024) }))
      expect(response.statusCode).toBe(413)
      expect(response.json()).toEqual({
        success: false,
        error: 'Request body is too large',
        code: 'payload_too_large',
      })
    })

    it('returns 415 for a body that is not JSON, text/plain included, and stores nothing', async () => {
      const before = (await service.app.inject('/api/recipes')).json().total
      for (const [contentType, payload] of [
        ['application/xml', '<title>Sopa</title>'],
        ['text/plain', JSON.stringify(recipeBody())],
        ['text/plain; charset=utf-8', 'Sopa'],
      ]) {
        const response = await service.app.inject({
          method: 'POST',
          url: '/api/recipes',
          payload,
          headers: { 'content-type': contentType as string },
        })
        expect(response.statusCode).toBe(415)
        expect(response.json()).toEqual({
          success: false,
          error: 'Unsupported Content-Type; send application/json',
          code: 'unsupported_media_type',
        })
      }
      expect((await service.app.inject('/api/recipes')).json().total).toBe(before)
    })
  })

  describe('GET /api/recipes/:id', () => {
    it('returns the recipe', async () => {
      const recipe = await create()
      const response = await get(`/api/recipes/${recipe.id}`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ recipe })
    })

    it('returns 404 "Recipe <id> not found" for a missing recipe', async () => {
      const response = await get('/api/recipes/424242')
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ success: false, error: 'Recipe 424242 not found', code: 'not_found' })
    })

    for (const id of [
      'abc',
      '0',
      '-1',
      '1.5',
      '99999999999999999999',
      '1e400',
      '%20',
      '0x10',
      '1e3',
      '+5',
      '007',
    ]) {
      it(`returns 400 for the malformed id "${id}"`, async () => {
        for (const method of ['GET', 'PUT', 'DELETE'] as const) {
          const response = await service.app.inject({
            method,
            url: `/api/recipes/${id}`,
            ...(method === 'PUT' ? { payload: recipeBody() } : {}),
          })
          expect(response.statusCode).toBe(400)
          expect(response.json()).toEqual({
            success: false,
            error: expect.stringMatching(/^id must/),
            code: 'invalid_request',
          })
        }
      })
    }
  })

  describe('PUT /api/recipes/:id', () => {
    it('replaces every field: those left out are removed, tags are replaced', async () => {
      const [first, second] = [await createTag('Primera'), await createTag('Segunda')]
      const original = await create({
        description: 'Vieja',
        servings: 2,
        sourceUrl: 'http://example.com',
        notes: 'Notas',
        tags: [first.id],
      })
      const response = await put(original.id, {
        title: 'Sopa nueva',
        ingredients: ['agua'],
        instructions: ['Hervir'],
        tags: [second.id],
      })
      expect(response.statusCode).toBe(200)
      expect(response.json().recipe).toEqual({
        id: original.id,
        title: 'Sopa nueva',
        ingredients: ['agua'],
        instructions: ['Hervir'],
        tags: [second],
        createdAt: original.createdAt,
        updatedAt: expect.any(String),
      })
      expect(response.json().recipe.updatedAt > original.updatedAt).toBe(true)
      expect((await get(`/api/recipes/${original.id}`)).json()).toEqual(response.json())
    })

    it('returns 404 for a missing recipe', async () => {
      const response = await put(515151, recipeBody())
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ success: false, error: 'Recipe 515151 not found', code: 'not_found' })
    })

    it('does not change the recipe when the body is invalid', async () => {
      const recipe = await create()
      expect((await put(recipe.id, recipeBody({ tags: [999999] }))).statusCode).toBe(400)
      expect((await get(`/api/recipes/${recipe.id}`)).json()).toEqual({ recipe })
    })
  })

  describe('DELETE /api/recipes/:id', () => {
    it('deletes the recipe and its tag links, keeping the tag', async () => {
      const tag = await createTag('Borrable')
      const recipe = await create({ tags: [tag.id] })
      const response = await service.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.id}` })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ success: true })
      expect((await get(`/api/recipes/${recipe.id}`)).statusCode).toBe(404)
      const links = await service.ctx.db
        .selectFrom('recipe_tags')
        .selectAll()
        .where('recipe_id', '=', recipe.id)
        .execute()
      expect(links).toEqual([])
      expect((await get('/api/tags')).json().tags).toContainEqual(tag)
    })

    it('returns 404 for a missing recipe, also when deleted twice', async () => {
      const recipe = await create()
      await service.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.id}` })
      const response = await service.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.id}` })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        success: false,
        error: `Recipe ${recipe.id} not found`,
        code: 'not_found',
      })
    })
  })
})

describeEachDatabase('GET /api/recipes (listing and paging)', (databases) => {
  let service: TestService
  let created: { id: number; createdAt: string }[]
  beforeAll(async () => {
    // A clock that never moves: every recipe has the same createdAt; the order is by id all the same.
    const instant = Date.UTC(2026, 2, 24)
    service = await startTestService(await databases.freshUrl(), {}, () => instant)
    created = []
    for (let index = 0; index < 25; index++) {
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/recipes',
        payload: recipeBody({ title: `Receta ${index}` }),
      })
      created.push(response.json().recipe)
    }
    return () => service.close()
  })
  const list = (query: string) => service.app.inject({ method: 'GET', url: `/api/recipes${query}` })
  const newestFirst = () => [...created].reverse().map((recipe) => recipe.id)

  it('returns the first 20 recipes, newest first, and the total', async () => {
    const response = await list('')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.total).toBe(25)
    expect(body.recipes.map((recipe: { id: number }) => recipe.id)).toEqual(newestFirst().slice(0, 20))
    expect(findNull(body)).toBeUndefined()
  })

  it('pages through recipes of equal createdAt by id, so consecutive pages neither repeat nor skip', async () => {
    const seen: number[] = []
    for (let offset = 0; offset < 25; offset += 7) {
      const body = (await list(`?offset=${offset}&limit=7`)).json()
      expect(body.total).toBe(25)
      seen.push(...body.recipes.map((recipe: { id: number }) => recipe.id))
    }
    expect(seen).toEqual(newestFirst())
  })

  it('returns an empty page past the end, with the total', async () => {
    expect((await list('?offset=25')).json()).toEqual({ recipes: [], total: 25 })
    expect((await list(`?offset=${Number.MAX_SAFE_INTEGER}`)).json()).toEqual({ recipes: [], total: 25 })
  })

  it('accepts limit 1 and limit 100', async () => {
    expect((await list('?limit=1')).json().recipes).toHaveLength(1)
    expect((await list('?limit=100')).json().recipes).toHaveLength(25)
  })

  const badQueries: [string, string][] = [
    ['?limit=0', 'limit must be >= 1'],
    ['?limit=101', 'limit must be <= 100'],
    ['?limit=abc', 'limit must be an integer'],
    ['?limit=2.5', 'limit must be an integer'],
    ['?offset=-1', 'offset must be >= 0'],
    ['?offset=abc', 'offset must be an integer'],
    ['?offset=99999999999999999999', `offset must be <= ${Number.MAX_SAFE_INTEGER}`],
    [`?search=${'a'.repeat(201)}`, 'search must be at most 200 characters'],
  ]
  for (const [query, message] of badQueries) {
    it(`returns 400 "${message}" for ${query.slice(0, 40)}`, async () => {
      const response = await list(query)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ success: false, error: message, code: 'invalid_request' })
    })
  }
})

describeEachDatabase('GET /api/recipes ordering', (databases) => {
  it('lists recipes in the reverse of the order they were added, whatever the clock said', async () => {
    // A clock that jumps back and forth (a corrected system clock): the order is still the order of
    // adding, which is what "newest first" means to the person who added them (README).
    let now = Date.UTC(2026, 0, 1)
    const service = await startTestService(await databases.freshUrl(), {}, () => now)
    try {
      const ids: number[] = []
      for (const offset of [5_000, 1_000, 3_000]) {
        now = Date.UTC(2026, 0, 1) + offset
        const response = await service.app.inject({
          method: 'POST',
          url: '/api/recipes',
          payload: recipeBody(),
        })
        ids.push(response.json().recipe.id)
      }
      const listed = (await service.app.inject('/api/recipes'))
        .json()
        .recipes.map((r: { id: number }) => r.id)
      expect(listed).toEqual([ids[2], ids[1], ids[0]])
    } finally {
      await service.close()
    }
  })
})
