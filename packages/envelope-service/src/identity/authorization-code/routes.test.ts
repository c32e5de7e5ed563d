import { createPrivateKey, sign } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { setClientKind } from '../clients/repository.js'
import { addRedirectUri, addSecretKey } from '../clients/service.js'
import { INKWELL_APP_CLIENT_ID } from '../first-party.js'
import { JWT_BEARER_GRANT_TYPE } from '../jwt-grant.js'
import { addMember, createAccount, createIntegrationKey, createUser } from '../service.js'
import { setPassword } from '../users/sign-in.js'
import { s256 } from './pkce.js'
import { cookieOf, cookieValue, hiddenFields, postForm as postPageForm, verifier } from './test-sign-in.js'

const HOST = 'inkwell.test'
const ORIGIN = `http://${HOST}`
const APP_CALLBACK = `${ORIGIN}/app/callback`
const CLIENT_CALLBACK = 'https://crm.example.test/oauth/callback'
const PASSWORD = 'correct horse battery staple'
const MINUTE = 60_000
const DAY = 24 * 3600_000

describeEachDatabase('Authorization Code Grant', (databases) => {
  let service: TestService
  let clock = Date.parse('2026-11-22T10:00:00.000Z')
  let userId: string
  let email: string
  let confidential: { id: string; secret: string }
  let publicClient: string

  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
  const authorizeQuery = (query: Record<string, string>) => new URLSearchParams(query).toString()

  const openAuthorize = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    service.app.inject({
      method: 'GET',
      url: `/oauth/auth?${authorizeQuery(query)}`,
      headers: { host: HOST, ...headers },
    })

  const postForm = (url: string, form: Record<string, string>, cookie: string) =>
    postPageForm(service, HOST, url, form, cookie)

  /** Opens the sign-in page and submits it; returns the answer (redirect, consent page, or the page again). */
  async function signIn(query: Record<string, string>, password = PASSWORD, who = email) {
    const page = await openAuthorize(query)
    expect(page.statusCode).toBe(200)
    const csrf = `inkwell_csrf=${cookieValue(cookieOf(page, 'inkwell_csrf'))}`
    const answer = await postForm('/oauth/auth', { ...hiddenFields(page.body), email: who, password }, csrf)
    return { answer, csrf }
  }

  /** The whole browser side: sign in, consent when asked; returns the code from the redirect. */
  async function authorize(query: Record<string, string>): Promise<string> {
    const { answer, csrf } = await signIn(query)
    let redirect = answer
    if (answer.statusCode === 200) {
      redirect = await postForm(
        '/oauth/auth/consent',
        { ...hiddenFields(answer.body), decision: 'allow' },
        csrf,
      )
    }
    expect(redirect.statusCode).toBe(303)
    const location = new URL(redirect.headers.location as string)
    expect(location.searchParams.get('state')).toBe(query.state ?? null)
    return location.searchParams.get('code') as string
  }

  const token = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    service.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    })

  const confidentialQuery = (extra: Record<string, string> = {}) => ({
    response_type: 'code',
    scope: 'signature',
    client_id: confidential.id,
    redirect_uri: CLIENT_CALLBACK,
    state: 'xyz',
    ...extra,
  })
  const publicQuery = (challenge: string, extra: Record<string, string> = {}) => ({
    response_type: 'code',
    scope: 'signature',
    client_id: publicClient,
    redirect_uri: CLIENT_CALLBACK,
    state: 'p1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  })
  const exchangeConfidential = (code: string, secret = confidential.secret) =>
    token({ grant_type: 'authorization_code', code }, { authorization: basic(confidential.id, secret) })

  async function expectOAuthError(response: LightMyRequestResponse, status: number, error: string) {
    expect(response.statusCode).toBe(status)
    expect(response.json().error).toBe(error)
    expect(response.json()).toHaveProperty('error_description')
  }

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), {}, () => clock)
    const db = service.ctx.db
    const account = await createAccount(db, { name: 'Acme' }, clock)
    email = 'ada@example.test'
    const user = await createUser(db, { name: 'Ada Lovelace', email }, clock)
    userId = user.id
    await setPassword(db, userId, PASSWORD)
    await addMember(db, { accountId: account.id, userId, permissions: ['send_envelopes'] }, clock)
    const crm = await createIntegrationKey(db, { name: 'Acme CRM' }, clock)
    await addRedirectUri(db, crm.integrationKey.id, CLIENT_CALLBACK, clock)
    confidential = {
      id: crm.integrationKey.id,
      secret: (await addSecretKey(db, crm.integrationKey.id, clock)).secretKey,
    }
    const spa = await createIntegrationKey(db, { name: 'Acme SPA' }, clock)
    await setClientKind(db, spa.integrationKey.id, 'public')
    await addRedirectUri(db, spa.integrationKey.id, CLIENT_CALLBACK, clock)
    publicClient = spa.integrationKey.id
  })
  afterAll(() => service.close())

  describe('GET /oauth/auth', () => {
    it('shows the sign-in page with a strict policy and a CSRF cookie', async () => {
      const page = await openAuthorize(confidentialQuery())
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toContain('text/html')
      expect(page.headers['content-security-policy']).toContain("default-src 'none'")
      expect(page.headers['content-security-policy']).toContain("form-action 'self' https://crm.example.test")
      expect(page.body).toContain('Acme CRM')
      expect(cookieOf(page, 'inkwell_csrf')).toMatch(/HttpOnly; SameSite=Strict/)
      expect(hiddenFields(page.body).csrf).toBe(cookieValue(cookieOf(page, 'inkwell_csrf')))
    })

    it('speaks Spanish to a browser that prefers it', async () => {
      const page = await openAuthorize(confidentialQuery(), { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' })
      expect(page.body).toContain('<html lang="es">')
      expect(page.body).toContain('Contraseña')
    })

    it('shows an error page, never a redirect, for an unknown client', async () => {
      const page = await openAuthorize(
        confidentialQuery({ client_id: '00000000-0000-4000-8000-000000000000' }),
      )
      expect(page.statusCode).toBe(400)
      expect(page.headers.location).toBeUndefined()
      expect(page.body).toContain('not known')
    })

    it('shows an error page, never a redirect, for an unregistered redirect URI', async () => {
      for (const redirect of ['https://evil.example.test/cb', `${CLIENT_CALLBACK}/more`, 'not a url']) {
        const page = await openAuthorize(confidentialQuery({ redirect_uri: redirect }))
        expect(page.statusCode).toBe(400)
        expect(page.headers.location).toBeUndefined()
      }
    })

    it('refuses the first-party callback on another origin', async () => {
      const page = await openAuthorize(
        publicQuery(s256(verifier()), {
          client_id: INKWELL_APP_CLIENT_ID,
          redirect_uri: 'https://evil.example.test/app/callback',
        }),
      )
      expect(page.statusCode).toBe(400)
    })

    it.each([
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'signature admin' }, 'invalid_scope'],
      [{ scope: 'extended' }, 'invalid_scope'],
      [{ code_challenge: s256('x'.repeat(43)), code_challenge_method: 'plain' }, 'invalid_request'],
    ])('redirects %o back with error %s and the state', async (extra, error) => {
      const page = await openAuthorize(confidentialQuery(extra))
      expect(page.statusCode).toBe(303)
      const location = new URL(page.headers.location as string)
      expect(location.origin + location.pathname).toBe(CLIENT_CALLBACK)
      expect(location.searchParams.get('error')).toBe(error)
      expect(location.searchParams.get('state')).toBe('xyz')
    })

    it('requires PKCE of a public client', async () => {
      const page = await openAuthorize(publicQuery(''))
      expect(new URL(page.headers.location as string).searchParams.get('error')).toBe('invalid_request')
    })
  })

  describe('POST /oauth/auth (sign-in form)', () => {
    it('refuses a form without the CSRF cookie', async () => {
      const page = await openAuthorize(confidentialQuery())
      const answer = await postForm(
        '/oauth/auth',
        { ...hiddenFields(page.body), email, password: PASSWORD },
        '',
      )
      expect(answer.statusCode).toBe(403)
      expect(answer.headers.location).toBeUndefined()
    })

    it('shows the page again with an error for a wrong password or an unknown email', async () => {
      for (const [who, password] of [
        [email, 'wrong password!!'],
        ['nobody@example.test', PASSWORD],
      ] as const) {
        const { answer } = await signIn(confidentialQuery(), password, who)
        expect(answer.statusCode).toBe(401)
        expect(answer.headers.location).toBeUndefined()
        expect(answer.body).toContain('role="alert"')
      }
    })

    it('asks consent for another application, and Deny sends access_denied', async () => {
      const other = await createUser(service.ctx.db, { name: 'Bob', email: 'bob@example.test' }, clock)
      await setPassword(service.ctx.db, other.id, PASSWORD)
      const { answer, csrf } = await signIn(
        confidentialQuery({ scope: 'signature extended' }),
        PASSWORD,
        'BOB@example.test',
      )
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toContain('Allow')
      expect(answer.body).toContain('30 days')
      const denied = await postForm(
        '/oauth/auth/consent',
        { ...hiddenFields(answer.body), decision: 'deny' },
        csrf,
      )
      expect(new URL(denied.headers.location as string).searchParams.get('error')).toBe('access_denied')
      const again = await postForm(
        '/oauth/auth/consent',
        { ...hiddenFields(answer.body), decision: 'allow' },
        csrf,
      )
      expect(again.statusCode).toBe(400)
    })
  })

  describe('POST /oauth/token, authorization_code with a secret key', () => {
    it('exchanges the code once for an 8-hour access token and a refresh token', async () => {
      const code = await authorize(confidentialQuery())
      const response = await exchangeConfidential(code)
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(body).toMatchObject({
        token_type: 'Bearer',
        expires_in: 28_800,
        refresh_token: expect.any(String),
      })
      const info = await service.app.inject({
        method: 'GET',
        url: '/oauth/userinfo',
        headers: { host: HOST, authorization: `Bearer ${body.access_token}` },
      })
      expect(info.json().sub).toBe(userId)
      await expectOAuthError(await exchangeConfidential(code), 400, 'invalid_grant')
    })

    it('revokes what a code gave when the code is presented again (RFC 6749 §4.1.2)', async () => {
      const code = await authorize(confidentialQuery())
      const first = (await exchangeConfidential(code)).json()
      const replay = await exchangeConfidential(code)
      await expectOAuthError(replay, 400, 'invalid_grant')
      expect(replay.json().error_description).toMatch(/already used; the sign-in it gave is revoked/)
      const refreshed = await token(
        { grant_type: 'refresh_token', refresh_token: first.refresh_token },
        { authorization: basic(confidential.id, confidential.secret) },
      )
      await expectOAuthError(refreshed, 400, 'invalid_grant')
      // Past the verifier's cache: the access token the first exchange gave was deleted with its family.
      expect(await service.ctx.tokens.verify(first.access_token, clock + 3600_000)).toBeUndefined()
    })

    it('refuses a wrong secret key and an unknown client', async () => {
      const code = await authorize(confidentialQuery())
      await expectOAuthError(await exchangeConfidential(code, 'not-the-secret'), 401, 'invalid_client')
      const unknown = await token(
        { grant_type: 'authorization_code', code },
        { authorization: basic('00000000-0000-4000-8000-000000000000', 'x') },
      )
      await expectOAuthError(unknown, 401, 'invalid_client')
      await expectOAuthError(await token({ grant_type: 'authorization_code', code }), 401, 'invalid_client')
      const asPublic = await token({ grant_type: 'authorization_code', code, client_id: confidential.id })
      await expectOAuthError(asPublic, 401, 'invalid_client')
    })

    it('refuses an expired code', async () => {
      const code = await authorize(confidentialQuery())
      clock += 4 * MINUTE
      await expectOAuthError(await exchangeConfidential(code), 400, 'invalid_grant')
    })

    it('refuses a code for another redirect URI or another client', async () => {
      const code = await authorize(confidentialQuery())
      const response = await token(
        { grant_type: 'authorization_code', code, redirect_uri: 'https://crm.example.test/other' },
        { authorization: basic(confidential.id, confidential.secret) },
      )
      await expectOAuthError(response, 400, 'invalid_grant')
      const stolen = await authorize(confidentialQuery())
      const challenge = verifier()
      await expectOAuthError(
        await token({
          grant_type: 'authorization_code',
          code: stolen,
          client_id: publicClient,
          code_verifier: challenge,
        }),
        400,
        'invalid_grant',
      )
    })

    it('refuses unknown grant types in the OAuth error shape', async () => {
      await expectOAuthError(await token({ grant_type: 'password' }), 400, 'unsupported_grant_type')
    })
  })

  describe('POST /oauth/token, authorization_code with PKCE', () => {
    it('exchanges the code for the right verifier', async () => {
      const secret = verifier()
      const code = await authorize(publicQuery(s256(secret)))
      const response = await token({
        grant_type: 'authorization_code',
        code,
        client_id: publicClient,
        code_verifier: secret,
      })
      expect(response.statusCode).toBe(200)
      expect(response.json().refresh_token).toEqual(expect.any(String))
    })

    it('refuses a wrong or missing verifier', async () => {
      const code = await authorize(publicQuery(s256(verifier())))
      await expectOAuthError(
        await token({
          grant_type: 'authorization_code',
          code,
          client_id: publicClient,
          code_verifier: verifier(),
        }),
        400,
        'invalid_grant',
      )
      const another = await authorize(publicQuery(s256(verifier())))
      await expectOAuthError(
        await token({ grant_type: 'authorization_code', code: another, client_id: publicClient }),
        400,
        'invalid_request',
      )
    })
  })

  describe('POST /oauth/token, refresh_token', () => {
    async function signedIn(scope = 'signature') {
      const code = await authorize(confidentialQuery({ scope }))
      return (await exchangeConfidential(code)).json()
    }
    const refresh = (refreshToken: string) =>
      token(
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        { authorization: basic(confidential.id, confidential.secret) },
      )

    it('rotates: each use returns a new refresh token; reusing an old one revokes the family', async () => {
      const first = await signedIn()
      const second = (await refresh(first.refresh_token)).json()
      expect(second.refresh_token).not.toBe(first.refresh_token)
      const third = (await refresh(second.refresh_token)).json()
      expect(third.access_token).toEqual(expect.any(String))
      await expectOAuthError(await refresh(first.refresh_token), 400, 'invalid_grant')
      await expectOAuthError(await refresh(third.refresh_token), 400, 'invalid_grant')
      // Past the verifier's cache: the family's access token was deleted with it.
      const verified = await service.ctx.tokens.verify(third.access_token, clock + 3600_000)
      expect(verified).toBeUndefined()
    })

    it('refuses an unknown refresh token and another client', async () => {
      await expectOAuthError(await refresh('unknown'), 400, 'invalid_grant')
      const first = await signedIn()
      await expectOAuthError(
        await token({
          grant_type: 'refresh_token',
          refresh_token: first.refresh_token,
          client_id: publicClient,
        }),
        400,
        'invalid_grant',
      )
    })

    it('without extended, a refresh keeps the sign-in expiry of 30 days', async () => {
      const first = await signedIn()
      clock += 29 * DAY
      const second = (await refresh(first.refresh_token)).json()
      clock += 2 * DAY
      await expectOAuthError(await refresh(second.refresh_token), 400, 'invalid_grant')
    })

    it('with extended, each refresh gives a full 30 days again', async () => {
      const first = await signedIn('signature extended')
      clock += 29 * DAY
      const second = (await refresh(first.refresh_token)).json()
      clock += 29 * DAY
      const third = await refresh(second.refresh_token)
      expect(third.statusCode).toBe(200)
      expect(third.json().scope).toBe('signature extended')
    })
  })

  describe('the first-party app', () => {
    const appHeaders = { 'x-inkwell-app': '1', origin: ORIGIN }
    const appQuery = (challenge: string) =>
      publicQuery(challenge, { client_id: INKWELL_APP_CLIENT_ID, redirect_uri: APP_CALLBACK })

    async function appSignIn() {
      const secret = verifier()
      const { answer } = await signIn(appQuery(s256(secret)))
      expect(answer.statusCode).toBe(303)
      const code = new URL(answer.headers.location as string).searchParams.get('code') as string
      return token({
        grant_type: 'authorization_code',
        code,
        client_id: INKWELL_APP_CLIENT_ID,
        code_verifier: secret,
      })
    }

    it('signs in without a consent page; the refresh token comes only as the inkwell_session cookie', async () => {
      const response = await appSignIn()
      expect(response.statusCode).toBe(200)
      expect(response.json().refresh_token).toBeUndefined()
      const cookie = cookieOf(response, 'inkwell_session')
      expect(cookie).toMatch(/; Path=\/oauth; Max-Age=2592000; HttpOnly; SameSite=Strict$/)
      // Beside it, a marker the app's script reads before asking for a token: it holds nothing secret.
      expect(cookieOf(response, 'inkwell_signed_in')).toBe(
        'inkwell_signed_in=1; Path=/app; Max-Age=2592000; SameSite=Lax',
      )
    })

    it('refreshes from the cookie only with X-Inkwell-App and a same-origin Origin', async () => {
      const session = `inkwell_session=${cookieValue(cookieOf(await appSignIn(), 'inkwell_session'))}`
      const crossSite = await token(
        { grant_type: 'refresh_token' },
        { cookie: session, origin: 'https://evil.example.test', 'x-inkwell-app': '1' },
      )
      await expectOAuthError(crossSite, 400, 'invalid_request')
      const noHeader = await token({ grant_type: 'refresh_token' }, { cookie: session, origin: ORIGIN })
      await expectOAuthError(noHeader, 400, 'invalid_request')
      const refreshed = await token({ grant_type: 'refresh_token' }, { cookie: session, ...appHeaders })
      expect(refreshed.statusCode).toBe(200)
      expect(refreshed.json().refresh_token).toBeUndefined()
      expect(cookieValue(cookieOf(refreshed, 'inkwell_session'))).not.toBe(session.split('=')[1])
    })

    it('POST /oauth/logout revokes the session and clears the cookie', async () => {
      const value = cookieValue(cookieOf(await appSignIn(), 'inkwell_session'))
      const refused = await service.app.inject({
        method: 'POST',
        url: '/oauth/logout',
        headers: { host: HOST, cookie: `inkwell_session=${value}` },
      })
      expect(refused.statusCode).toBe(403)
      const out = await service.app.inject({
        method: 'POST',
        url: '/oauth/logout',
        headers: { host: HOST, cookie: `inkwell_session=${value}`, ...appHeaders },
      })
      expect(out.statusCode).toBe(204)
      expect(cookieOf(out, 'inkwell_session')).toContain('Max-Age=0')
      expect(cookieOf(out, 'inkwell_signed_in')).toBe(
        'inkwell_signed_in=; Path=/app; Max-Age=0; SameSite=Lax',
      )
      const after = await token(
        { grant_type: 'refresh_token' },
        { cookie: `inkwell_session=${value}`, ...appHeaders },
      )
      await expectOAuthError(after, 400, 'invalid_grant')
    })
  })

  describe('lockout', () => {
    it('locks a user after 5 failures counted across two service instances on one database', async () => {
      const locked = await createUser(service.ctx.db, { name: 'Eve', email: 'eve@example.test' }, clock)
      await setPassword(service.ctx.db, locked.id, PASSWORD)
      const other = await startTestService(service.ctx.config.DATABASE_URL, {}, () => clock)
      try {
        const attempt = async (instance: TestService, password: string) => {
          const page = await instance.app.inject({
            method: 'GET',
            url: `/oauth/auth?${authorizeQuery(confidentialQuery())}`,
            headers: { host: HOST },
          })
          const csrf = `inkwell_csrf=${cookieValue(cookieOf(page, 'inkwell_csrf'))}`
          return instance.app.inject({
            method: 'POST',
            url: '/oauth/auth',
            headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', cookie: csrf },
            payload: new URLSearchParams({
              ...hiddenFields(page.body),
              email: 'eve@example.test',
              password,
            }).toString(),
          })
        }
        for (const instance of [service, other, service, other]) {
          expect((await attempt(instance, 'wrong password!!')).statusCode).toBe(401)
        }
        const fifth = await attempt(service, 'wrong password!!')
        expect(fifth.statusCode).toBe(429)
        const rightButLocked = await attempt(other, PASSWORD)
        expect(rightButLocked.statusCode).toBe(429)
        expect(rightButLocked.headers['retry-after']).toBe('900')
        expect(rightButLocked.body).toContain('15 minutes')
        clock += 16 * MINUTE
        expect((await attempt(other, PASSWORD)).statusCode).toBe(200)
      } finally {
        await other.close()
      }
    })
  })

  describe('JWT individual consent through the consent page', () => {
    it('grants the consent the JWT grant checks', async () => {
      const jwtKey = await createIntegrationKey(service.ctx.db, { name: 'Nightly sync' }, clock)
      await addRedirectUri(service.ctx.db, jwtKey.integrationKey.id, CLIENT_CALLBACK, clock)
      const seconds = Math.floor(clock / 1000)
      const claims = {
        iss: jwtKey.integrationKey.id,
        sub: userId,
        aud: 'localhost:8443',
        iat: seconds,
        exp: seconds + 3600,
        scope: 'signature impersonation',
      }
      const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
      const input = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}`
      const jwt = `${input}.${sign('sha256', Buffer.from(input), createPrivateKey(jwtKey.privateKeyPem)).toString('base64url')}`
      const grant = () => token({ grant_type: JWT_BEARER_GRANT_TYPE, assertion: jwt })
      await expectOAuthError(await grant(), 400, 'consent_required')
      const { answer, csrf } = await signIn({
        response_type: 'code',
        scope: 'signature impersonation',
        client_id: jwtKey.integrationKey.id,
        redirect_uri: CLIENT_CALLBACK,
      })
      expect(answer.body).toContain('Act for you')
      const allowed = await postForm(
        '/oauth/auth/consent',
        { ...hiddenFields(answer.body), decision: 'allow' },
        csrf,
      )
      expect(allowed.statusCode).toBe(303)
      expect((await grant()).statusCode).toBe(200)
    })
  })
})
