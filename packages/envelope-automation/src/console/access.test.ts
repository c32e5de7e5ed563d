import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type App, LOCKOUT } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCaseByNumber } from '../cases/repository.js'
import type { CaseStore } from '../cases/store.js'
import { CONNECT_LISTENER_PATH } from '../listener/routes.js'
import { signConnectBody } from '../listener/signature.js'
import { createUser } from '../users/service.js'
import { SESSION_COOKIE } from './access.js'
import { buildConsoleApp } from './app.js'
import { loadConsoleConfig } from './config.js'

const USER = { username: 'demo', password: 'demo password 0123' }
const CONNECT_SECRET = 'access-test-secret'

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Record<string, unknown>
}

describeEachDatabase('console access over real HTTP (issue 25, finding 3)', (databases) => {
  let directory: string
  let app: App
  let store: CaseStore
  let port: number
  let host: string
  let caseId: string

  /** A raw HTTP request, as curl or a local process would send it: any Host, any Origin. */
  const send = (
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, method, path, headers: { host, ...options.headers } },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            let body: Record<string, unknown> = {}
            try {
              body = text ? JSON.parse(text) : {}
            } catch {
              body = { text }
            }
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body })
          })
        },
      )
      request.on('error', reject)
      request.end(options.body)
    })

  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

  const signIn = async (credentials = USER) => {
    const answer = await send('POST', '/api/session', json(credentials, { origin: `http://${host}` }))
    const setCookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? [])
    const cookie = setCookie.find((line) => line.startsWith(`${SESSION_COOKIE}=`))
    return { answer, setCookie: cookie ?? '', cookie: cookie?.split(';')[0] ?? '' }
  }

  const signedInHeaders = async () => {
    const { answer, cookie } = await signIn()
    return { cookie, 'x-csrf-token': answer.body.csrfToken as string }
  }

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'console-access-'))
    const config = loadConsoleConfig({
      DATA_DIR: directory,
      DATABASE_URL: await databases.freshUrl(),
      PORT: '0',
      CONNECT_HMAC_SECRET: CONNECT_SECRET,
    })
    writeFileSync(join(directory, 'index.html'), '<!doctype html><title>console</title>')
    ;({ app, store } = await buildConsoleApp(config, { logLevel: false, webDirectory: directory }))
    await app.listen({ host: '127.0.0.1', port: 0 })
    port = (app.server.address() as { port: number }).port
    host = `127.0.0.1:${port}`
    await createUser(store.usersDb, USER, Date.now())
    await createUser(store.usersDb, { username: 'locked', password: USER.password }, Date.now())
    caseId = (await findCaseByNumber(store.db, '00001001'))?.id as string
  })
  afterAll(async () => {
    await app?.close()
    rmSync(directory, { recursive: true, force: true })
  })

  describe('without a session', () => {
    it('refuses every API read with 401 sign_in_required and tells nothing about the cases', async () => {
      for (const path of ['/api/cases', `/api/cases/${caseId}`, '/api/templates', '/api/session']) {
        const answer = await send('GET', path)
        expect(answer.status, path).toBe(401)
        expect(answer.body, path).toEqual({ error: 'Sign in to use the console.', code: 'sign_in_required' })
      }
    })

    it('refuses to send with 401, whatever the body', async () => {
      const answer = await send(
        'POST',
        `/api/cases/${caseId}/send`,
        json({ templateIds: ['t'], subject: 's' }),
      )
      expect(answer.status).toBe(401)
    })

    it('refuses a forged or stale session cookie', async () => {
      const answer = await send('GET', '/api/cases', { headers: { cookie: `${SESSION_COOKIE}=forged` } })
      expect(answer.status).toBe(401)
    })

    it('still serves the page (it holds no data) and the Connect listener, which checks its HMAC', async () => {
      expect((await send('GET', '/')).status).toBe(200)
      const body = JSON.stringify({ event: 'envelope-completed' })
      const unsigned = await send('POST', CONNECT_LISTENER_PATH, json(JSON.parse(body)))
      expect(unsigned.status).toBe(401)
      const signed = await send('POST', CONNECT_LISTENER_PATH, {
        headers: {
          'content-type': 'application/json',
          'x-docusign-signature-1': signConnectBody(body, CONNECT_SECRET),
        },
        body,
      })
      expect(signed.status).toBe(400)
    })
  })

  describe('signed in', () => {
    it('answers under each loopback name with the port, with the session cookie HttpOnly and SameSite=Strict', async () => {
      const { answer, setCookie } = await signIn()
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ username: 'demo', csrfToken: expect.any(String) })
      expect(setCookie).toMatch(/HttpOnly/)
      expect(setCookie).toMatch(/SameSite=Strict/)
      expect(setCookie).toMatch(/Path=\//)
      expect(setCookie).not.toMatch(/Secure/)
      const { cookie } = { cookie: setCookie.split(';')[0] as string }
      for (const name of ['127.0.0.1', 'localhost', '[::1]']) {
        const listed = await send('GET', '/api/cases', { headers: { cookie, host: `${name}:${port}` } })
        expect(listed.status, name).toBe(200)
        expect((listed.body.cases as unknown[]).length).toBe(3)
      }
    })

    it('refuses a state-changing request without the CSRF token, or with another', async () => {
      const { cookie } = await signedInHeaders()
      const body = json({ templateIds: ['t'], subject: 's' }, { cookie, origin: `http://${host}` })
      const without = await send('POST', `/api/cases/${caseId}/send`, body)
      expect(without.status).toBe(403)
      expect(without.body.code).toBe('csrf_token_invalid')
      const other = await send('POST', `/api/cases/${caseId}/send`, {
        ...body,
        headers: { ...body.headers, 'x-csrf-token': 'x'.repeat(32) },
      })
      expect(other.status).toBe(403)
    })

    it('signs out: the cookie is cleared and the session no longer works', async () => {
      const headers = await signedInHeaders()
      const out = await send('DELETE', '/api/session', { headers })
      expect(out.status).toBe(204)
      expect(String(out.headers['set-cookie'])).toMatch(
        new RegExp(`${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
      )
      expect((await send('GET', '/api/cases', { headers })).status).toBe(401)
    })
  })

  describe('Host and Origin', () => {
    it('refuses a foreign Host with 403, even signed in, on the API, the page and the Connect listener', async () => {
      const headers = await signedInHeaders()
      for (const [method, path] of [
        ['GET', '/api/cases'],
        ['GET', '/'],
        ['GET', '/healthz'],
        ['POST', CONNECT_LISTENER_PATH],
        ['POST', '/api/session'],
      ] as const) {
        const answer = await send(method, path, { headers: { ...headers, host: 'evil.example' } })
        expect(answer.status, `${method} ${path}`).toBe(403)
        expect(answer.body.code, `${method} ${path}`).toBe('host_not_allowed')
      }
      // The same port under a name that rebinds to 127.0.0.1 is still a foreign name.
      const rebound = await send('GET', '/api/cases', {
        headers: { ...headers, host: `evil.example:${port}` },
      })
      expect(rebound.status).toBe(403)
    })

    it('refuses a state-changing request from a foreign Origin with 403, even with a session and its token', async () => {
      const headers = await signedInHeaders()
      for (const origin of [
        'http://evil.example',
        `http://evil.example:${port}`,
        'null',
        `https://${host}.evil.example`,
      ]) {
        const answer = await send(
          'POST',
          `/api/cases/${caseId}/send`,
          json({ templateIds: ['t'], subject: 's' }, { ...headers, origin }),
        )
        expect(answer.status, origin).toBe(403)
        expect(answer.body.code, origin).toBe('origin_not_allowed')
      }
      const crossSite = await send(
        'POST',
        `/api/cases/${caseId}/send`,
        json({ templateIds: ['t'], subject: 's' }, { ...headers, 'sec-fetch-site': 'cross-site' }),
      )
      expect(crossSite.status).toBe(403)
      const signIn = await send('POST', '/api/session', json(USER, { origin: 'http://evil.example' }))
      expect(signIn.status).toBe(403)
    })
  })

  describe('sign-in failures', () => {
    it('answers 401 invalid_credentials to a wrong password, then 429 with Retry-After once locked', async () => {
      const wrong = { username: 'locked', password: 'not the password' }
      for (let attempt = 1; attempt < LOCKOUT.maxFailures; attempt++) {
        const { answer } = await signIn(wrong)
        expect(answer.status).toBe(401)
        expect(answer.body.code).toBe('invalid_credentials')
      }
      const { answer } = await signIn(wrong)
      expect(answer.status).toBe(429)
      expect(answer.body.code).toBe('sign_in_locked')
      expect(Number(answer.headers['retry-after'])).toBe(LOCKOUT.lockMs / 1000)
      const right = await signIn({ username: 'locked', password: USER.password })
      expect(right.answer.status).toBe(429)
      expect(right.setCookie).toBe('')
    })
  })
})

/**
 * Behind a proxy that ends TLS, the console sees plain HTTP: only the proxies `TRUST_PROXY` names are
 * believed when they say the client used HTTPS, and only then is the session cookie marked Secure.
 */
describe('the session cookie behind a TLS proxy (TRUST_PROXY)', () => {
  const signInThroughProxy = async (trustProxy: string | undefined) => {
    const directory = mkdtempSync(join(tmpdir(), 'console-proxy-'))
    let app: App | undefined
    try {
      const config = loadConsoleConfig({
        DATA_DIR: directory,
        DATABASE_URL: `sqlite:${join(directory, 'automation.db')}`,
        PORT: '3100',
        CONSOLE_ALLOWED_HOSTS: 'console.example.org',
        ...(trustProxy !== undefined ? { TRUST_PROXY: trustProxy } : {}),
      })
      writeFileSync(join(directory, 'index.html'), '<!doctype html><title>console</title>')
      // A setting it cannot read stops here: building the app refuses it (and closes the store).
      const built = await buildConsoleApp(config, { logLevel: false, webDirectory: directory })
      app = built.app
      await createUser(built.store.usersDb, USER, Date.now())
      const answer = await app.inject({
        method: 'POST',
        url: '/api/session',
        headers: {
          host: 'console.example.org',
          origin: 'https://console.example.org',
          'x-forwarded-proto': 'https',
          'content-type': 'application/json',
        },
        payload: USER,
      })
      expect(answer.statusCode, answer.body).toBe(200)
      return String(answer.headers['set-cookie'])
    } finally {
      await app?.close()
      rmSync(directory, { recursive: true, force: true })
    }
  }

  it('marks it Secure when a trusted proxy says HTTPS, and not when the proxy is not trusted', async () => {
    expect(await signInThroughProxy('loopback')).toMatch(/Secure/)
    // app.inject comes from 127.0.0.1: a proxy at another address is not this one.
    expect(await signInThroughProxy('10.0.0.0/8')).not.toMatch(/Secure/)
    expect(await signInThroughProxy(undefined)).not.toMatch(/Secure/)
  })

  it('stops the start on a TRUST_PROXY it cannot read', async () => {
    await expect(signInThroughProxy('my proxy')).rejects.toThrow(/TRUST_PROXY/)
  })
})
