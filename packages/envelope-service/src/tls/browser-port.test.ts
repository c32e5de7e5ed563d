import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { get } from 'node:https'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../testing/harness.js'

// `npm run start:envelopes` for real: the launcher compiles the service, creates the development
// certificate and the demo account in DATA_DIR, and runs one node process serving HTTPS for the SDK and
// plain HTTP on 127.0.0.1 for a browser.
const repository = resolve(import.meta.dirname, '../../../..')

function httpsGet(url: string, ca: Buffer) {
  return new Promise<{ status: number; headers: Record<string, unknown> }>((done, fail) => {
    get(url, { ca }, (response) => {
      response.resume()
      response.on('end', () => done({ status: response.statusCode ?? 0, headers: response.headers }))
    }).on('error', fail)
  })
}

describe('the envelope service started by the launcher', () => {
  let dataDir: string
  let launcher: ChildProcess
  let httpsPort: number
  let browserPort: number
  const lines: Record<string, unknown>[] = []

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'envelopes-launcher-'))
    httpsPort = await freePort()
    browserPort = await freePort()
    launcher = spawn(process.execPath, ['scripts/start-all.mjs', 'envelopes'], {
      cwd: repository,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        ENVELOPES_PORT: String(httpsPort),
        ENVELOPES_HTTP_PORT: String(browserPort),
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((ready, fail) => {
      createInterface({ input: launcher.stdout as NodeJS.ReadableStream }).on('line', (text) => {
        if (!text.startsWith('{')) return
        const line = JSON.parse(text) as Record<string, unknown>
        lines.push(line)
        if (line.msg === 'envelope service ready') ready()
      })
      launcher.once('exit', (code) => fail(new Error(`launcher exited with ${code}`)))
    })
  }, 120_000)
  afterAll(async () => {
    if (launcher.exitCode === null) {
      launcher.kill('SIGTERM')
      await once(launcher, 'exit')
    }
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('keeps its database, certificate and demo credentials in DATA_DIR and says which database it opened', () => {
    const ready = lines.find((line) => line.msg === 'envelope service ready')
    expect(ready?.database).toBe(`sqlite:${join(dataDir, 'envelopes.db')}`)
    for (const file of ['envelopes.db', 'tls/ca.crt', 'demo-credentials.json']) {
      expect(existsSync(join(dataDir, file))).toBe(true)
    }
  })

  it('serves the docs over plain HTTP on 127.0.0.1 for a browser, / leading to them, without HSTS', async () => {
    const root = await fetch(`http://127.0.0.1:${browserPort}/`, { redirect: 'manual' })
    expect(root.status).toBe(302)
    expect(root.headers.get('location')).toBe('/restapi/docs')
    const page = await fetch(`http://127.0.0.1:${browserPort}/restapi/docs`)
    expect(page.status).toBe(200)
    expect(page.headers.get('strict-transport-security')).toBeNull()
    const document = (await (await fetch(`http://127.0.0.1:${browserPort}/restapi/docs/json`)).json()) as {
      servers: { url: string }[]
    }
    expect(document.servers[0]?.url).toBe(`http://127.0.0.1:${browserPort}`)
  })

  it('serves the SDK over HTTPS with HSTS on the development certificate', async () => {
    const ca = readFileSync(join(dataDir, 'tls/ca.crt'))
    const response = await httpsGet(`https://localhost:${httpsPort}/healthz`, ca)
    expect(response.status).toBe(200)
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000')
  })

  it('stops gracefully on SIGTERM, closing both ports', async () => {
    launcher.kill('SIGTERM')
    expect(await once(launcher, 'exit')).toEqual([0, null])
    await expect(fetch(`http://127.0.0.1:${browserPort}/`)).rejects.toThrow()
  })
})
