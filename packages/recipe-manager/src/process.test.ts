import { spawnSync } from 'node:child_process'
import { request } from 'node:http'
import { join } from 'node:path'
import { describeEachDatabase } from 'platform/testing'
import { expect, it } from 'vitest'
import type { Recipe } from './recipes/schema.js'
import type { Tag } from './tags/schema.js'
import { recipeBody } from './testing/harness.js'
import { type ServiceProcess, startServiceProcess, stopServiceProcess } from './testing/process.js'

/** The response bodies this test reads. */
interface Answer {
  recipe: Recipe
  recipes: Recipe[]
  tag: Tag
  tags: Tag[]
  total: number
}

async function call(service: ServiceProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(`${service.baseUrl}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  })
  return { status: response.status, body: (await response.json()) as Answer }
}

describeEachDatabase('the service process', (databases) => {
  it('keeps every acknowledged write when killed with SIGKILL and restarted', async () => {
    const url = await databases.freshUrl()
    const first = await startServiceProcess(url)
    const acknowledged: Recipe[] = []
    let deletedId: number | undefined
    let renamed: Tag | undefined
    try {
      const tags: Tag[] = []
      for (const name of ['Sopa', 'Picante', 'Rápida']) {
        const created = await call(first, 'POST', '/api/tags', { name })
        expect(created.status).toBe(201)
        tags.push(created.body.tag)
      }
      for (let index = 0; index < 6; index++) {
        const created = await call(
          first,
          'POST',
          '/api/recipes',
          recipeBody({ title: `Receta ñ ${index}`, tags: [(tags[0] as Tag).id] }),
        )
        expect(created.status).toBe(201)
        acknowledged.push(created.body.recipe)
      }
      const concurrent = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          call(first, 'POST', '/api/recipes', recipeBody({ title: `Concurrente ${index}` })),
        ),
      )
      for (const created of concurrent) {
        expect(created.status).toBe(201)
        acknowledged.push(created.body.recipe)
      }
      const replaced = await call(
        first,
        'PUT',
        `/api/recipes/${acknowledged[0]?.id}`,
        recipeBody({ title: 'Reemplazada' }),
      )
      expect(replaced.status).toBe(200)
      acknowledged[0] = replaced.body.recipe
      expect(
        (
          await call(first, 'POST', `/api/tags/recipes/${acknowledged[1]?.id}/tags`, {
            tagId: (tags[1] as Tag).id,
          })
        ).status,
      ).toBe(200)
      deletedId = acknowledged.pop()?.id
      expect((await call(first, 'DELETE', `/api/recipes/${deletedId}`)).status).toBe(200)
      const rename = await call(first, 'PUT', `/api/tags/${(tags[2] as Tag).id}`, { name: 'Muy rápida' })
      expect(rename.status).toBe(200)
      renamed = rename.body.tag
    } finally {
      await stopServiceProcess(first, 'SIGKILL')
    }

    const second = await startServiceProcess(url)
    try {
      for (const recipe of acknowledged.slice(2)) {
        expect((await call(second, 'GET', `/api/recipes/${recipe.id}`)).body).toEqual({ recipe })
      }
      expect((await call(second, 'GET', `/api/recipes/${acknowledged[0]?.id}`)).body.recipe.title).toBe(
        'Reemplazada',
      )
      const tagged = (await call(second, 'GET', `/api/recipes/${acknowledged[1]?.id}`)).body.recipe
      expect(tagged.tags.map((tag: { name: string }) => tag.name)).toEqual(['Picante', 'Sopa'])
      expect((await call(second, 'GET', `/api/recipes/${deletedId}`)).status).toBe(404)
      expect((await call(second, 'GET', '/api/tags')).body.tags).toContainEqual(renamed)
      expect((await call(second, 'GET', '/api/recipes?search=CONCURRENTE')).body.total).toBe(9)
      expect((await call(second, 'GET', '/api/recipes')).body.total).toBe(acknowledged.length)
    } finally {
      await stopServiceProcess(second, 'SIGKILL')
    }
  })

  it('finishes an in-flight request on SIGTERM, then exits with code 0', async () => {
    const url = await databases.freshUrl()
    const service = await startServiceProcess(url)
    const target = new URL('/api/recipes', service.baseUrl)
    const payload = JSON.stringify(recipeBody({ title: 'En vuelo' }))
    // Expect: 100-continue tells us the server has the request head, so the request is in flight
    // before the signal; the body follows only after the service has begun shutting down.
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = request(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          expect: '100-continue',
        },
      })
      outgoing.on('error', reject)
      outgoing.on('response', (incoming) => {
        let body = ''
        incoming.on('data', (chunk: Buffer) => {
          body += chunk.toString()
        })
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }))
      })
      outgoing.on('continue', () => {
        service.child.kill('SIGTERM')
        service.waitForLog('shutting down').then(() => outgoing.end(payload), reject)
      })
    })
    expect(response.status).toBe(201)
    const created = JSON.parse(response.body).recipe
    expect(created.title).toBe('En vuelo')
    expect(await service.exited).toEqual([0, null])

    const restarted = await startServiceProcess(url)
    try {
      expect((await call(restarted, 'GET', `/api/recipes/${created.id}`)).body).toEqual({ recipe: created })
    } finally {
      await stopServiceProcess(restarted, 'SIGTERM')
    }
  })

  it('shuts down gracefully when the IPC channel of its launcher closes, as when the launcher is SIGKILLed', async () => {
    const service = await startServiceProcess(await databases.freshUrl(), { ipc: true })
    service.child.disconnect()
    expect((await service.waitForLog('shutting down')).reason).toBe('launcher exited')
    expect(await service.exited).toEqual([0, null])
  })

  it('shuts down gracefully on SIGHUP', async () => {
    const service = await startServiceProcess(await databases.freshUrl())
    service.child.kill('SIGHUP')
    expect(await service.exited).toEqual([0, null])
  })

  it('says in one line that its port is in use and exits with 1', async () => {
    const url = await databases.freshUrl()
    const first = await startServiceProcess(url)
    try {
      const port = new URL(first.baseUrl).port
      const second = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: join(import.meta.dirname, '..'),
        env: { ...process.env, PORT: port, DATABASE_URL: url, LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false' },
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(second.status).toBe(1)
      expect(second.stderr).toBe(
        `recipe manager: port ${port} is already in use on 127.0.0.1: stop the process using it or set another port\n`,
      )
    } finally {
      await stopServiceProcess(first, 'SIGTERM')
    }
  })

  it('names each invalid variable on one line and exits with 2', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'sqlite::memory:' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(2)
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      'recipe manager: Invalid configuration:',
      '  - PORT="abc" is invalid: expected an integer from 0 to 65535',
      '  - LOG_LEVEL="loud" is invalid: expected one of: fatal, error, warn, info, debug, trace, silent',
    ])
  })
})
