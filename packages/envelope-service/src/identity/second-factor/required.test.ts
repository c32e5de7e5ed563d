import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { exchangeAuthorizationCode, recordConsent, refreshTokens } from '../authorization-code/grant.js'
import { s256 } from '../authorization-code/pkce.js'
import {
  cookieOf,
  cookieValue,
  hiddenFields,
  postForm as postPageForm,
  verifier,
} from '../authorization-code/test-sign-in.js'
import { INKWELL_APP_CLIENT_ID } from '../first-party.js'
import { addMember, createAccount, createUser } from '../service.js'
import { issueAccessToken } from '../tokens/service.js'
import { setPassword } from '../users/sign-in.js'
import { STEP_MS } from './codes.js'
import { codeAt } from './test-codes.js'

const HOST = 'inkwell.test'
const ORIGIN = `http://${HOST}`
const PASSWORD = 'correct horse battery staple'

/**
 * An account that requires two-step sign-in: its administrator turns the requirement on; a member
 * without a second step sets it up during their next sign-in (QR code, a code, recovery codes shown
 * once) before they are signed in, and cannot turn it off while it is required.
 */
describeEachDatabase('two-step sign-in required by the account', (databases) => {
  let service: TestService
  let clock = Date.parse('2026-12-06T10:00:00.000Z')
  let accountId: string
  const tokens: Record<'admin' | 'member', string> = { admin: '', member: '' }
  const memberEmail = 'ada@example.test'

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), {}, () => clock)
    const db = service.ctx.db
    accountId = (await createAccount(db, { name: 'Acme' }, clock)).id
    const people = [
      ['admin', 'Grace Hopper', 'grace@example.test', ['send_envelopes', 'administer']],
      ['member', 'Ada Lovelace', memberEmail, ['send_envelopes']],
    ] as const
    for (const [role, name, email, permissions] of people) {
      const userId = (await createUser(db, { name, email }, clock)).id
      await setPassword(db, userId, PASSWORD)
      await addMember(db, { accountId, userId, permissions: [...permissions] }, clock)
      await recordConsent(db, userId, INKWELL_APP_CLIENT_ID, ['signature'], clock)
      tokens[role] = (
        await issueAccessToken(
          db,
          { userId, scopes: ['signature'], integrationKeyId: INKWELL_APP_CLIENT_ID },
          clock,
          86_400,
        )
      ).accessToken
    }
  })
  afterAll(() => service.close())

  const api = (
    as: 'admin' | 'member',
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    body?: Record<string, unknown>,
  ) =>
    service.app.inject({
      method,
      url: `/restapi/v2.1/accounts/${accountId}${path}`,
      headers: { host: HOST, authorization: `Bearer ${tokens[as]}` },
      ...(body === undefined ? {} : { payload: body }),
    })

  const postForm = (url: string, form: Record<string, string>, cookie: string) =>
    postPageForm(service, HOST, url, form, cookie)

  /** The member's sign-in page submitted with the right password. */
  async function withPassword() {
    const codeVerifier = verifier()
    const query = {
      response_type: 'code',
      scope: 'signature',
      client_id: INKWELL_APP_CLIENT_ID,
      redirect_uri: `${ORIGIN}/app/callback`,
      state: 's1',
      code_challenge: s256(codeVerifier),
      code_challenge_method: 'S256',
    }
    const page = await service.app.inject({
      method: 'GET',
      url: `/oauth/auth?${new URLSearchParams(query)}`,
      headers: { host: HOST, 'accept-language': 'en' },
    })
    const csrf = `inkwell_csrf=${cookieValue(cookieOf(page, 'inkwell_csrf'))}`
    const answer = await postForm(
      '/oauth/auth',
      { ...hiddenFields(page.body), email: memberEmail, password: PASSWORD },
      csrf,
    )
    return { answer, csrf, codeVerifier }
  }

  /** The session (refresh token) the code of a finished sign-in is exchanged for, as the app does. */
  async function sessionOf(signedIn: { headers: Record<string, unknown> }, codeVerifier: string) {
    const code = new URL(signedIn.headers.location as string).searchParams.get('code') as string
    const tokens = await exchangeAuthorizationCode(
      service.ctx.db,
      { clientId: INKWELL_APP_CLIENT_ID, code, redirectUri: `${ORIGIN}/app/callback`, codeVerifier },
      clock,
    )
    return tokens.refreshToken
  }

  const refresh = (refreshToken: string) =>
    refreshTokens(service.ctx.db, { clientId: INKWELL_APP_CLIENT_ID, refreshToken }, clock)

  const keyOn = (html: string) =>
    /<p class="key" id="setup-key">([A-Z2-7 ]+)<\/p>/.exec(html)?.[1]?.replace(/ /g, '')

  let secret: string

  it('is set by the account administrator only, who sees how many members have not set it up', async () => {
    const policy = await api('admin', 'GET', '/two_step_sign_in_policy')
    expect(policy.json()).toEqual({
      required: false,
      membersWithout: 2,
      membersNotSetUp: [
        { userId: expect.any(String), userName: 'Ada Lovelace', email: memberEmail },
        { userId: expect.any(String), userName: 'Grace Hopper', email: 'grace@example.test' },
      ],
    })
    expect((await api('member', 'GET', '/two_step_sign_in_policy')).statusCode).toBe(403)
    expect((await api('member', 'PUT', '/two_step_sign_in_policy', { required: true })).statusCode).toBe(403)
    const bad = await api('admin', 'PUT', '/two_step_sign_in_policy', { required: 'yes', other: 1 })
    expect(bad.statusCode).toBe(400)
    // Before the requirement, the password alone signs in: a session the app keeps for 30 days.
    const before = await withPassword()
    expect(before.answer.statusCode).toBe(303)
    const session = await sessionOf(before.answer, before.codeVerifier)
    const refreshed = await refresh(session)
    const rotated = refreshed.refreshToken
    const withSession = () =>
      service.app.inject({
        method: 'GET',
        url: `/restapi/v2.1/accounts/${accountId}/two_step_sign_in`,
        headers: { host: HOST, authorization: `Bearer ${refreshed.accessToken}` },
      })
    expect((await withSession()).statusCode).toBe(200)

    clock += 1_000
    const on = await api('admin', 'PUT', '/two_step_sign_in_policy', { required: true })
    expect(on.statusCode).toBe(200)
    expect(on.json()).toMatchObject({ required: true, membersWithout: 2 })
    expect((await api('member', 'GET', '/two_step_sign_in')).json()).toEqual({
      enabled: false,
      required: true,
    })
    // Saved again, it keeps its start.
    expect((await api('admin', 'PUT', '/two_step_sign_in_policy', { required: true })).statusCode).toBe(200)
    // That session ends at once: its access token is refused (the verifier's cache is past), and it cannot
    // be refreshed, rather than outliving the requirement by hours or 30 days.
    clock += 60_000
    const refused = await service.ctx.tokens.verify(refreshed.accessToken, Date.now() + 60_000)
    expect(refused).toBeUndefined()
    await expect(refresh(rotated)).rejects.toMatchObject({ error: 'invalid_grant' })
    // A console link opened after the requirement acts for an integration: its session lives on.
    const link = await service.app.inject({
      method: 'POST',
      url: `/restapi/v2.1/accounts/${accountId}/views/console`,
      headers: { host: HOST, authorization: `Bearer ${tokens.member}` },
      payload: {},
    })
    expect(link.statusCode).toBe(201)
    const opened = await service.app.inject({ method: 'GET', url: new URL(link.json().url).pathname })
    expect(opened.statusCode).toBe(303)
    const linkSession = cookieValue(cookieOf(opened, 'inkwell_session')) as string
    expect((await refresh(decodeURIComponent(linkSession))).accessToken).toBeTruthy()
  })

  it('has a member without it set it up after the password, then shows the recovery codes once', async () => {
    clock += 60_000
    const step = await withPassword()
    expect(step.answer.statusCode).toBe(200)
    expect(step.answer.body).toContain('Set up two-step sign-in')
    expect(step.answer.body).toMatch(/<img class="qr" src="data:image\/svg\+xml;base64,/)
    expect(step.answer.headers['content-security-policy']).toContain('img-src data:')
    secret = keyOn(step.answer.body) as string
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const form = hiddenFields(step.answer.body)

    const wrong = await postForm('/oauth/auth/second-factor-setup', { ...form, code: '000000' }, step.csrf)
    expect(wrong.statusCode).toBe(401)
    expect(wrong.body).toContain('That code is not right')
    // The same secret again, so the app already scanned still works.
    expect(keyOn(wrong.body)).toBe(secret)
    // Not signed in yet: no code was issued, and the continue page refuses the set-up's ticket.
    expect((await postForm('/oauth/auth/continue', form, step.csrf)).statusCode).toBe(400)

    const right = await postForm(
      '/oauth/auth/second-factor-setup',
      { ...form, code: codeAt(secret, clock) },
      step.csrf,
    )
    expect(right.statusCode).toBe(200)
    expect(right.body).toContain('Save your recovery codes')
    const codes = [...right.body.matchAll(/<li>([A-Z0-9-]+)<\/li>/g)].map((match) => match[1])
    expect(codes).toHaveLength(10)
    expect(right.body).toContain('download="inkwell-recovery-codes.txt"')
    // The set-up's ticket went with it.
    const again = await postForm(
      '/oauth/auth/second-factor-setup',
      { ...form, code: codeAt(secret, clock + STEP_MS) },
      step.csrf,
    )
    expect(again.statusCode).toBe(400)

    const onwards = await postForm('/oauth/auth/continue', hiddenFields(right.body), step.csrf)
    expect(onwards.statusCode).toBe(303)
    // Set up: the new session refreshes.
    expect((await refresh(await sessionOf(onwards, step.codeVerifier))).accessToken).toBeTruthy()
    const location = new URL(onwards.headers.location as string)
    expect(location.pathname).toBe('/app/callback')
    expect(location.searchParams.get('code')).toBeTruthy()
    expect(location.searchParams.get('state')).toBe('s1')
    // Once only.
    expect((await postForm('/oauth/auth/continue', hiddenFields(right.body), step.csrf)).statusCode).toBe(400)

    expect((await api('admin', 'GET', '/two_step_sign_in_policy')).json()).toEqual({
      required: true,
      membersWithout: 1,
      membersNotSetUp: [
        { userId: expect.any(String), userName: 'Grace Hopper', email: 'grace@example.test' },
      ],
    })
  })

  it('asks that member for a code at the next sign-in, and refuses to turn it off before any code is spent', async () => {
    const next = await withPassword()
    expect(next.answer.statusCode).toBe(200)
    expect(next.answer.body).toContain('Two-step sign-in')
    expect(next.answer.body).not.toContain('setup-key')

    clock += STEP_MS
    const code = codeAt(secret, clock)
    const refused = await api('member', 'POST', '/two_step_sign_in/disable', { code })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().errorCode).toBe('SECOND_FACTOR_REQUIRED')
    const signedIn = await postForm(
      '/oauth/auth/second-factor',
      { ...hiddenFields(next.answer.body), code },
      next.csrf,
    )
    expect(signedIn.statusCode).toBe(303)
  })

  it('lets the member turn it off once the administrator no longer requires it', async () => {
    const off = await api('admin', 'PUT', '/two_step_sign_in_policy', { required: false })
    expect(off.json()).toMatchObject({ required: false, membersWithout: 1 })
    clock += STEP_MS
    const disabled = await api('member', 'POST', '/two_step_sign_in/disable', { code: codeAt(secret, clock) })
    expect(disabled.json()).toEqual({ enabled: false, required: false })
    expect((await withPassword()).answer.statusCode).toBe(303)

    // Each way in is in the member's sign-in history, newest first (a wrong code while setting up is
    // not an attempt on the account: the password was right and there was no second step yet).
    const history = await api('member', 'GET', '/sign_in_history?count=100')
    expect(history.statusCode).toBe(200)
    const events = history.json().events as Array<{ outcome: string; method?: string }>
    expect(events.map((event) => event.method ?? event.outcome)).toEqual([
      'password',
      'password-and-code',
      'password-and-new-code',
      'console-link',
      'password',
    ])
  })
})
