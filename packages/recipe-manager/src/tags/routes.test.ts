import { describeEachDatabase } from 'platform/testing'
import { beforeAll, describe, expect, it } from 'vitest'
import { recipeBody, startTestService, type TestService } from '../testing/harness.js'

describeEachDatabase('tags API', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    return () => service.close()
  })

  const request = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    service.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) })
  const createTag = async (name: string) => {
    const response = await request('POST', '/api/tags', { name })
    expect(response.statusCode).toBe(201)
    return response.json().tag as { id: number; name: string }
  }
  const createRecipe = async (tags: number[] = []) =>
    (await request('POST', '/api/recipes', recipeBody({ tags }))).json().recipe as { id: number }
  const tagsOfRecipe = async (id: number) => (await request('GET', `/api/recipes/${id}`)).json().recipe.tags

  describe('POST /api/tags', () => {
    it('returns 201 with the new tag, its name trimmed', async () => {
      const response = await request('POST', '/api/tags', { name: '  Postre  ' })
      expect(response.statusCode).toBe(201)
      expect(response.json()).toEqual({ tag: { id: expect.any(Number), name: 'Postre' } })
    })

    it('returns 409 for a name already taken, ignoring case (also non-ASCII case)', async () => {
      await createTag('Cocina Española')
      for (const name of ['Cocina Española', 'cocina española', ' COCINA ESPAÑOLA ']) {
        const response = await request('POST', '/api/tags', { name })
        expect(response.statusCode).toBe(409)
        expect(response.json()).toEqual({
          success: false,
          error: `A tag named "${name.trim()}" already exists`,
          code: 'tag_name_taken',
        })
      }
    })

    // The schema's checks (a missing or non-string name) are `invalid_request`; the name's own rules are
    // `invalid`, with the problem as data for a client to word.
    const invalid: [string, unknown, string, Record<string, unknown>][] = [
      ['the name is missing', {}, 'name is required', { code: 'invalid_request' }],
      [
        'the name is blank',
        { name: '   ' },
        'name must not be empty',
        { code: 'invalid', problems: [{ field: 'name', rule: 'empty' }] },
      ],
      [
        'the name is longer than 50 characters',
        { name: 'x'.repeat(51) },
        'name must be at most 50 characters',
        { code: 'invalid', problems: [{ field: 'name', rule: 'tooLong', limit: 50 }] },
      ],
      ['the name is a number', { name: 7 }, 'name must be a string', { code: 'invalid_request' }],
      [
        'the name holds a control character',
        { name: 'a\u0007' },
        'name must not contain control characters',
        { code: 'invalid', problems: [{ field: 'name', rule: 'control' }] },
      ],
    ]
    for (const [what, body, message, data] of invalid) {
      it(`returns 400 "${message}" when ${what}`, async () => {
        const response = await request('POST', '/api/tags', body)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ success: false, error: message, ...data })
      })
    }

    it('accepts a name of exactly 50 characters after trimming', async () => {
      expect((await createTag(` ${'ñ'.repeat(50)} `)).name).toBe('ñ'.repeat(50))
    })
  })

  describe('GET /api/tags', () => {
    it('lists every tag ordered by name, ignoring case', async () => {
      await createTag('zanahoria')
      await createTag('Arroz')
      const names = (await request('GET', '/api/tags')).json().tags.map((tag: { name: string }) => tag.name)
      expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)))
      expect(names).toEqual(expect.arrayContaining(['Arroz', 'zanahoria']))
    })
  })

  describe('PUT /api/tags/:id', () => {
    it('renames the tag, and recipes show the new name', async () => {
      const tag = await createTag('Vegano')
      const recipe = await createRecipe([tag.id])
      const response = await request('PUT', `/api/tags/${tag.id}`, { name: ' Vegetal ' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ tag: { id: tag.id, name: 'Vegetal' } })
      expect(await tagsOfRecipe(recipe.id)).toEqual([{ id: tag.id, name: 'Vegetal' }])
    })

    it('allows changing only the case of its own name', async () => {
      const tag = await createTag('picante')
      const response = await request('PUT', `/api/tags/${tag.id}`, { name: 'Picante' })
      expect(response.json()).toEqual({ tag: { id: tag.id, name: 'Picante' } })
    })

    it("returns 409 when renaming to another tag's name, ignoring case", async () => {
      await createTag('Cena')
      const tag = await createTag('Almuerzo')
      const response = await request('PUT', `/api/tags/${tag.id}`, { name: 'CENA' })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toEqual({
        success: false,
        error: 'A tag named "CENA" already exists',
        code: 'tag_name_taken',
      })
    })

    it('returns 404 for a missing tag and 400 for a malformed id or name', async () => {
      const missing = await request('PUT', '/api/tags/777777', { name: 'x' })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toEqual({ success: false, error: 'Tag 777777 not found', code: 'not_found' })
      expect((await request('PUT', '/api/tags/abc', { name: 'x' })).statusCode).toBe(400)
      expect((await request('PUT', '/api/tags/1', { name: '' })).statusCode).toBe(400)
    })
  })

  describe('DELETE /api/tags/:id', () => {
    it('deletes the tag and removes it from every recipe', async () => {
      const tag = await createTag('Temporal')
      const keep = await createTag('Permanente')
      const recipe = await createRecipe([tag.id, keep.id])
      const response = await request('DELETE', `/api/tags/${tag.id}`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ success: true })
      expect(await tagsOfRecipe(recipe.id)).toEqual([keep])
      const tags = (await request('GET', '/api/tags')).json().tags
      expect(tags).not.toContainEqual(tag)
    })

    it('returns 404 for a missing tag and 400 for a malformed id', async () => {
      const response = await request('DELETE', '/api/tags/888888')
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ success: false, error: 'Tag 888888 not found', code: 'not_found' })
      expect((await request('DELETE', '/api/tags/-1')).statusCode).toBe(400)
    })
  })

  describe('POST /api/tags/recipes/:id/tags', () => {
    it('assigns the tag to the recipe', async () => {
      const tag = await createTag('Asignada')
      const recipe = await createRecipe()
      const response = await request('POST', `/api/tags/recipes/${recipe.id}/tags`, { tagId: tag.id })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ success: true })
      expect(await tagsOfRecipe(recipe.id)).toEqual([tag])
    })

    it('succeeds without change when the tag is already assigned (idempotent)', async () => {
      const tag = await createTag('Repetida')
      const recipe = await createRecipe([tag.id])
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await request('POST', `/api/tags/recipes/${recipe.id}/tags`, { tagId: tag.id })
        expect(response.json()).toEqual({ success: true })
      }
      expect(await tagsOfRecipe(recipe.id)).toEqual([tag])
    })

    it('returns 404 for an unknown recipe or tag', async () => {
      const tag = await createTag('Huérfana')
      const recipe = await createRecipe()
      const noRecipe = await request('POST', '/api/tags/recipes/999999/tags', { tagId: tag.id })
      expect(noRecipe.statusCode).toBe(404)
      expect(noRecipe.json()).toEqual({ success: false, error: 'Recipe 999999 not found', code: 'not_found' })
      const noTag = await request('POST', `/api/tags/recipes/${recipe.id}/tags`, { tagId: 999999 })
      expect(noTag.statusCode).toBe(404)
      expect(noTag.json()).toEqual({ success: false, error: 'Tag 999999 not found', code: 'not_found' })
    })

    it('returns 400 for a malformed recipe id or tagId', async () => {
      const recipe = await createRecipe()
      const cases: [string, unknown, string][] = [
        ['/api/tags/recipes/abc/tags', { tagId: 1 }, 'id must be a positive integer'],
        [`/api/tags/recipes/${recipe.id}/tags`, {}, 'tagId is required'],
        [`/api/tags/recipes/${recipe.id}/tags`, { tagId: '1' }, 'tagId must be an integer'],
        [`/api/tags/recipes/${recipe.id}/tags`, { tagId: 0 }, 'tagId must be >= 1'],
        [`/api/tags/recipes/${recipe.id}/tags`, { tagId: 1.5 }, 'tagId must be an integer'],
      ]
      for (const [url, body, message] of cases) {
        const response = await request('POST', url, body)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ success: false, error: message, code: 'invalid_request' })
      }
    })
  })

  describe('DELETE /api/tags/recipes/:id/tags', () => {
    it('removes the tag from the recipe, keeping the tag and other links', async () => {
      const [gone, kept] = [await createTag('Quitada'), await createTag('Quedada')]
      const recipe = await createRecipe([gone.id, kept.id])
      const response = await request('DELETE', `/api/tags/recipes/${recipe.id}/tags`, { tagId: gone.id })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ success: true })
      expect(await tagsOfRecipe(recipe.id)).toEqual([kept])
      expect((await request('GET', '/api/tags')).json().tags).toContainEqual(gone)
    })

    it('succeeds without change when the tag is not assigned (idempotent)', async () => {
      const tag = await createTag('Nunca asignada')
      const recipe = await createRecipe()
      const response = await request('DELETE', `/api/tags/recipes/${recipe.id}/tags`, { tagId: tag.id })
      expect(response.json()).toEqual({ success: true })
      expect(await tagsOfRecipe(recipe.id)).toEqual([])
    })

    it('returns 404 for an unknown recipe or tag', async () => {
      const tag = await createTag('Sin receta')
      const recipe = await createRecipe()
      expect((await request('DELETE', '/api/tags/recipes/999999/tags', { tagId: tag.id })).json()).toEqual({
        success: false,
        error: 'Recipe 999999 not found',
        code: 'not_found',
      })
      const noTag = await request('DELETE', `/api/tags/recipes/${recipe.id}/tags`, { tagId: 999999 })
      expect(noTag.statusCode).toBe(404)
      expect(noTag.json()).toEqual({ success: false, error: 'Tag 999999 not found', code: 'not_found' })
    })

    it('returns 400 when the body is missing', async () => {
      const recipe = await createRecipe()
      const response = await request('DELETE', `/api/tags/recipes/${recipe.id}/tags`)
      expect(response.statusCode).toBe(400)
      expect(response.json().success).toBe(false)
    })
  })

  describe('recipe lists and tag changes', () => {
    it('show every tag change at once: rename, assign, unassign, delete', async () => {
      const tag = await createTag('Listada')
      const recipe = await createRecipe()
      const listedTags = async () =>
        (await request('GET', '/api/recipes?limit=100'))
          .json()
          .recipes.find((r: { id: number }) => r.id === recipe.id).tags
      expect(await listedTags()).toEqual([])
      await request('POST', `/api/tags/recipes/${recipe.id}/tags`, { tagId: tag.id })
      expect(await listedTags()).toEqual([tag])
      await request('PUT', `/api/tags/${tag.id}`, { name: 'Renombrada' })
      expect(await listedTags()).toEqual([{ id: tag.id, name: 'Renombrada' }])
      await request('DELETE', `/api/tags/recipes/${recipe.id}/tags`, { tagId: tag.id })
      expect(await listedTags()).toEqual([])
      await request('POST', `/api/tags/recipes/${recipe.id}/tags`, { tagId: tag.id })
      await request('DELETE', `/api/tags/${tag.id}`)
      expect(await listedTags()).toEqual([])
    })
  })
})
