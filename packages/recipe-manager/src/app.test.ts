import { resolve } from 'node:path'
import { writersOf } from 'platform'
import { describeEachDatabase, resolveSchemaReferences } from 'platform/testing'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadRecipeManagerConfig } from './config.js'
import { demoRecipes, demoTags } from './demo/data.js'
import { recipeBody, startTestService, type TestService } from './testing/harness.js'

describe('configuration', () => {
  it('defaults to port 3000 on 127.0.0.1 with demo data in the SQLite file of the repository data directory', () => {
    const dataDir = resolve(import.meta.dirname, '../../../data')
    expect(loadRecipeManagerConfig({})).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 3000,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${dataDir}/recipes.db`,
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: true,
    })
    expect(loadRecipeManagerConfig({ DATA_DIR: '/srv/recipes' }).DATABASE_URL).toBe(
      'sqlite:/srv/recipes/recipes.db',
    )
  })

  it('reads WRITERS, which replaces READ_CACHE: single on SQLite, many on PostgreSQL unless told', () => {
    const writers = (env: Record<string, string>) => writersOf(loadRecipeManagerConfig(env))
    expect(writers({})).toBe('single')
    expect(writers({ DATABASE_URL: 'postgres://db/recipes' })).toBe('many')
    expect(writers({ DATABASE_URL: 'postgres://db/recipes', WRITERS: 'single' })).toBe('single')
    expect(() => loadRecipeManagerConfig({ WRITERS: 'auto' })).toThrow(/WRITERS/)
    expect(loadRecipeManagerConfig({ READ_CACHE: 'on' })).not.toHaveProperty('READ_CACHE')
  })

  it('reads SEED_DEMO_DATA=false and a PostgreSQL URL', () => {
    const config = loadRecipeManagerConfig({ SEED_DEMO_DATA: 'false', DATABASE_URL: 'postgres://db/recipes' })
    expect(config.SEED_DEMO_DATA).toBe(false)
    expect(config.DATABASE_URL).toBe('postgres://db/recipes')
  })

  it('rejects an unsupported database URL', () => {
    expect(() => loadRecipeManagerConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
  })
})

describeEachDatabase('service endpoints', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    return () => service.close()
  })

  it('GET /healthz answers ok', async () => {
    const response = await service.app.inject('/healthz')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  it('GET /docs/json describes every endpoint from the route schemas', async () => {
    const served = (await service.app.inject('/docs/json')).json()
    const document = resolveSchemaReferences(served)
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/recipes',
        '/api/recipes/{id}',
        '/api/tags',
        '/api/tags/{id}',
        '/api/tags/recipes/{id}/tags',
        '/api/imports/url',
        '/api/imports/html',
        '/api/imports/files',
        '/api/recipes/export',
        '/api/recipes/{id}/image',
        '/api/recipes/{id}/image/{file}',
      ].sort(),
    )
    const image = document.paths['/api/recipes/{id}/image']
    expect(Object.keys(image).sort()).toEqual(['delete', 'post', 'put'])
    expect(Object.keys(image.put.responses)).toEqual(
      expect.arrayContaining(['200', '400', '404', '413', '415']),
    )
    expect(image.put.requestBody.content).toEqual(
      expect.objectContaining({ 'image/jpeg': expect.anything(), 'application/json': expect.anything() }),
    )
    expect(
      document.paths['/api/recipes/{id}'].get.responses['200'].content['application/json'].schema.properties
        .recipe.properties.image,
    ).toBeDefined()
    const list = document.paths['/api/recipes'].get
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(['search', 'tag', 'offset', 'limit']),
    )
    const create = document.paths['/api/recipes'].post
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400']))
    expect(create.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['title', 'ingredients', 'instructions']),
    )
  })

  it('GET /docs serves the interactive documentation', async () => {
    const response = await service.app.inject('/docs')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
  })

  it('answers an unknown route with 404 in the error shape', async () => {
    const response = await service.app.inject('/api/nothing-here')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      success: false,
      error: 'Route GET /api/nothing-here not found',
      code: 'not_found',
    })
  })

  describe('hostile input never causes a 500', () => {
    const requests: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: string }[] = [
      { method: 'GET', url: '/api/recipes?search=%ED%A0%80' },
      { method: 'GET', url: '/api/recipes?search=%C0%AF' },
      { method: 'GET', url: '/api/recipes?search=%00' },
      { method: 'GET', url: '/api/recipes?search=%' },
      { method: 'GET', url: '/api/recipes?search=a&search=b' },
      { method: 'GET', url: '/api/recipes?limit=1&limit=2' },
      { method: 'GET', url: `/api/recipes/${Number.MAX_SAFE_INTEGER}` },
      { method: 'GET', url: '/api/recipes/%F0%9F%98%80' },
      {
        method: 'POST',
        url: '/api/recipes',
        payload: '{"title":"\\ud800","ingredients":["\\udfff"],"instructions":["x"]}',
      },
      {
        method: 'POST',
        url: '/api/recipes',
        payload: '{"title":"x","ingredients":["a"],"instructions":["b"],"servings":1e309}',
      },
      {
        method: 'POST',
        url: '/api/recipes',
        payload: '{"title":"x","ingredients":["a"],"instructions":["b"],"tags":[1e20]}',
      },
      { method: 'POST', url: '/api/recipes', payload: `{"title":${'['.repeat(5000)}${']'.repeat(5000)}}` },
      {
        method: 'POST',
        url: '/api/recipes',
        payload: '{"__proto__":{"title":"x"},"ingredients":["a"],"instructions":["b"]}',
      },
      { method: 'POST', url: '/api/tags', payload: '{"name":"\\u0000"}' },
      { method: 'PUT', url: '/api/tags/1', payload: 'null' },
      { method: 'DELETE', url: '/api/tags/recipes/1/tags', payload: `{"tagId":${2 ** 53}}` },
    ]
    for (const { method, url, payload } of requests) {
      it(`${method} ${url.slice(0, 60)} ${payload?.slice(0, 60) ?? ''}`, async () => {
        const response = await service.app.inject({
          method,
          url,
          ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
        })
        expect(response.statusCode).toBeLessThan(500)
        if (response.statusCode >= 400) {
          const body = response.json()
          expect(body).toMatchObject({ success: false, error: expect.any(String), code: expect.any(String) })
          expect(
            Object.keys(body).filter((key) => !['success', 'error', 'code', 'problems'].includes(key)),
          ).toEqual([])
        }
      })
    }
  })

  it('creates each tag name once when the same name is created concurrently', async () => {
    const responses = await Promise.all(
      ['Concurrente', 'concurrente', 'CONCURRENTE', 'Concurrente'].map((name) =>
        service.app.inject({ method: 'POST', url: '/api/tags', payload: { name } }),
      ),
    )
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409])
  })

  it('never answers 500 when links race with deletes', async () => {
    const tag = (
      await service.app.inject({ method: 'POST', url: '/api/tags', payload: { name: 'Carrera' } })
    ).json().tag
    const recipe = (
      await service.app.inject({ method: 'POST', url: '/api/recipes', payload: recipeBody() })
    ).json().recipe
    const responses = await Promise.all([
      service.app.inject({
        method: 'POST',
        url: `/api/tags/recipes/${recipe.id}/tags`,
        payload: { tagId: tag.id },
      }),
      service.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.id}` }),
      service.app.inject({
        method: 'POST',
        url: `/api/tags/recipes/${recipe.id}/tags`,
        payload: { tagId: tag.id },
      }),
      service.app.inject({ method: 'DELETE', url: `/api/tags/${tag.id}` }),
      service.app.inject({
        method: 'PUT',
        url: `/api/recipes/${recipe.id}`,
        payload: recipeBody({ tags: [tag.id] }),
      }),
    ])
    for (const response of responses) expect([200, 400, 404]).toContain(response.statusCode)
  })
})

describeEachDatabase('demo data', (databases) => {
  it('fills an empty database once, with tags and Spanish recipes, and never again', async () => {
    const url = await databases.freshUrl()
    const first = await startTestService(url, { SEED_DEMO_DATA: 'true' })
    try {
      const listed = (await first.app.inject('/api/recipes?limit=100')).json()
      expect(listed.total).toBe(demoRecipes.length)
      const titles = listed.recipes.map((recipe: { title: string }) => recipe.title)
      expect(titles).toEqual(expect.arrayContaining(['Arepas de queso', 'Sopa de lentejas']))
      const tags = (await first.app.inject('/api/tags')).json().tags
      expect(tags.map((tag: { name: string }) => tag.name).sort()).toEqual([...demoTags].sort())
      const arepas = listed.recipes.find((recipe: { title: string }) => recipe.title === 'Arepas de queso')
      expect(arepas.tags.length).toBeGreaterThan(0)
      const search = (await first.app.inject('/api/recipes?search=JALAPEÑO')).json()
      expect(search.total).toBe(2)
      for (const recipe of listed.recipes) {
        await first.app.inject({ method: 'DELETE', url: `/api/recipes/${recipe.id}` })
      }
    } finally {
      await first.close()
    }
    const second = await startTestService(url, { SEED_DEMO_DATA: 'true' })
    try {
      expect((await second.app.inject('/api/recipes')).json().total).toBe(0)
    } finally {
      await second.close()
    }
  })

  it('is left out when SEED_DEMO_DATA=false', async () => {
    const service = await startTestService(await databases.freshUrl(), { SEED_DEMO_DATA: 'false' })
    try {
      expect((await service.app.inject('/api/recipes')).json().total).toBe(0)
      expect((await service.app.inject('/api/tags')).json().tags).toEqual([])
    } finally {
      await service.close()
    }
  })
})
