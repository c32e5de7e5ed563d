import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadRecipeManagerConfig } from '../config.js'
import type { TestService } from '../testing/harness.js'

describe('serving the web app', () => {
  let directory: string
  let service: Omit<TestService, 'close'>
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'recipes-static-'))
    mkdirSync(join(directory, 'assets'))
    writeFileSync(join(directory, 'index.html'), '<!doctype html><title>app</title>')
    writeFileSync(join(directory, 'assets', 'index-abc.js'), 'console.log(1)')
    const config = loadRecipeManagerConfig({ DATABASE_URL: 'sqlite::memory:', SEED_DEMO_DATA: 'false' })
    service = await buildApp(config, { logLevel: false, webDirectory: directory })
  })
  afterAll(async () => {
    await service.app.close()
    rmSync(directory, { recursive: true, force: true })
  })

  it.each(['/', '/new', '/tags', '/import', '/recipes/12', '/recipes/12/edit'])(
    'answers %s with the app, revalidated on each use, under the content security policy',
    async (path) => {
      const response = await service.app.inject(path)
      expect(response.statusCode).toBe(200)
      expect(response.body).toBe('<!doctype html><title>app</title>')
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/)
    },
  )

  it('caches hashed assets for a year', async () => {
    const response = await service.app.inject('/assets/index-abc.js')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('keeps the API documentation at /docs and the API error shape for unknown paths', async () => {
    expect((await service.app.inject('/docs')).statusCode).toBe(200)
    const missing = await service.app.inject('/api/nothing')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({
      success: false,
      error: 'Route GET /api/nothing not found',
      code: 'not_found',
    })
  })
})
