import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from 'platform'
import { afterEach, describe, expect, it } from 'vitest'
import { renderRestError } from '../rest/errors.js'
import { senderApp } from './page.js'

describe("the sender's web app page", () => {
  const directories: string[] = []
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true })
  })

  it('serves the index.html of the latest build, not the one it first read', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'sender-app-'))
    directories.push(directory)
    const app = createApp({ logLevel: false, bodyLimit: 1024, renderError: renderRestError })
    await senderApp(app, directory)
    try {
      expect((await app.inject({ url: '/app/' })).statusCode).toBe(404)

      const indexFile = join(directory, 'index.html')
      writeFileSync(indexFile, '<script src="/app/assets/index-old.js"></script>')
      utimesSync(indexFile, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'))
      const first = await app.inject({ url: '/app/envelopes/abc' })
      expect(first.statusCode).toBe(200)
      expect(first.body).toContain('index-old.js')
      expect(first.headers['cache-control']).toBe('no-cache')

      // A rebuild while the service runs: the page names the new bundle at once.
      writeFileSync(indexFile, '<script src="/app/assets/index-new.js"></script>')
      utimesSync(indexFile, new Date('2026-01-02T00:00:00Z'), new Date('2026-01-02T00:00:00Z'))
      expect((await app.inject({ url: '/app/' })).body).toContain('index-new.js')
      expect((await app.inject({ url: '/app/assets/index-old.js' })).statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})
