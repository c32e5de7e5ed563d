import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { recordConsent } from '../authorization-code/grant.js'
import { s256 } from '../authorization-code/pkce.js'
import {
  cookieOf,
  cookieValue,
  hiddenFields,
  postForm as postPageForm,
  verifier,
} from '../authorization-code/test-sign-in.js'
import { addRedirectUri } from '../clients/service.js'
import { INKWELL_APP_CLIENT_ID } from '../first-party.js'
import { addMember, createAccount, createIntegrationKey, createUser } from '../service.js'
import { issueAccessToken } from '../tokens/service.js'
import { setPassword } from '../users/sign-in.js'
import { STEP_MS } from './codes.js'
import { codeAt } from './test-codes.js'

const HOST = 'inkwell.test'
const ORIGIN = `http://${HOST}`
const PASSWORD = 'correct horse battery staple'
const CRM_CALLBACK = 'https://crm.example.test/oauth/callback'

/**
 * Two-step sign-in end to end on the service: turned on through the web app's endpoints, then asked
 * for by the sign-in page after the password; codes taken once, recovery codes once, wrong codes
 * counted with wrong passwords, and turned off again with a code.
 */
describeEachDatabase('two-step sign-in', (databases) => {
  let service: TestService
  let clock = Date.parse('2026-12-06T10:00:00.000Z')
  let accountId: string
  let userId: string
  let appToken: string
  let otherToken: string
  let crmClientId: string
  const email = 'ada@example.test'

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), {}, () => clock)
    const db = service.ctx.db
    const account = await createAccount(db, { name: 'Acme' }, clock)
    accountId = account.id
    userId = (await createUser(db, { name: 'Ada Lovelace', email }, clock)).id
    await setPassword(db, userId, PASSWORD)
    await addMember(db, { accountId, userId, permissions: ['send_envelopes'] }, clock)
    const grant = { userId, scopes: ['signature'] }
    const crm = await createIntegrationKey(db, { name: 'Acme CRM' }, clock)
    crmClientId = crm.integrationKey.id
    await addRedirectUri(db, crmClientId, CRM_CALLBACK, clock)
    for (const client of [INKWELL_APP_CLIENT_ID, crm.integrationKey.id]) {
      await recordConsent(db, userId, client, grant.scopes, clock)
    }
    appToken = (
      await issueAccessToken(db, { ...grant, integrationKeyId: INKWELL_APP_CLIENT_ID }, clock, 86_400)
    ).accessToken
    otherToken = (
      await issueAccessToken(db, { ...grant, integrationKeyId: crm.integrationKey.id }, clock, 86_400)
    ).accessToken
  })
  afterAll(() => service.close())

  const api = (method: 'GET' | 'POST', path: string, body?: unknown, token = appToken) =>
    service.app.inject({
      method,
      url: `/restapi/v2.1/accounts/${accountId}/two_step_sign_in${path}`,
      headers: { host: HOST, authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    })

  const appQuery = () => ({
    response_type: 'code',
    scope: 'signature',
    client_id: INKWELL_APP_CLIENT_ID,
    redirect_uri: `${ORIGIN}/app/callback`,
    state: 's1',
    code_challenge: s256(verifier()),
    code_challenge_method: 'S256',
  })

  const postForm = (url: string, form: Record<string, string>, cookie: string) =>
    postPageForm(service, HOST, url, form, cookie)

  /** The sign-in page submitted with the password; its answer and the form's cookie. */
  async function withPassword(password = PASSWORD) {
    const page = await service.app.inject({
      method: 'GET',
      url: `/oauth/auth?${new URLSearchParams(appQuery())}`,
      headers: { host: HOST, 'accept-language': 'en' },
    })
    const csrf = `inkwell_csrf=${cookieValue(cookieOf(page, 'inkwell_csrf'))}`
    const answer = await postForm('/oauth/auth', { ...hiddenFields(page.body), email, password }, csrf)
    return { answer, csrf }
  }

  /** The second step's form sent with `code`. */
  const withCode = (step: { answer: { body: string }; csrf: string }, code: string) =>
    postForm('/oauth/auth/second-factor', { ...hiddenFields(step.answer.body), code }, step.csrf)

  let secret: string
  let recoveryCodes: string[]

  it('is off at first, and only the web app may turn it on', async () => {
    expect((await api('GET', '')).json()).toEqual({ enabled: false, required: false })
    const refused = await api('POST', '', undefined, otherToken)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().errorCode).toBe('USER_LACKS_PERMISSIONS')
    const { answer } = await withPassword()
    expect(answer.statusCode).toBe(303)
  })

  it('is turned on with a code from the app, which answers ten recovery codes once', async () => {
    const started = await api('POST', '')
    expect(started.statusCode).toBe(201)
    const enrollment = started.json()
    secret = enrollment.secret
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(enrollment.otpauthUri).toBe(
      `otpauth://totp/Inkwell:ada%40example.test?issuer=Inkwell&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    )
    expect(enrollment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(enrollment.qrCode.split(',')[1], 'base64').toString()).toContain('<svg')
    // Not on until confirmed: the sign-in still needs only the password.
    expect((await withPassword()).answer.statusCode).toBe(303)

    const wrong = await api('POST', '/confirm', { code: '000000' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errorCode).toBe('INVALID_SECOND_FACTOR_CODE')
    const confirmed = await api('POST', '/confirm', { code: codeAt(secret, clock) })
    expect(confirmed.statusCode).toBe(200)
    recoveryCodes = confirmed.json().recoveryCodes
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/)
    expect((await api('GET', '')).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 })
    expect((await api('POST', '')).statusCode).toBe(409)
  })

  it('asks for the code after the right password, in the browser language, and signs in with it', async () => {
    const step = await withPassword()
    expect(step.answer.statusCode).toBe(200)
    expect(step.answer.body).toContain('Two-step sign-in')
    expect(step.answer.body).toContain('autocomplete="one-time-code"')
    expect(hiddenFields(step.answer.body).ticket).toBeDefined()

    // The ticket continues this client's sign-in only: posted with another client's request it is refused
    // before any code is looked at.
    const crmRequest = {
      ...hiddenFields(step.answer.body),
      client_id: crmClientId,
      redirect_uri: CRM_CALLBACK,
    }
    delete (crmRequest as Record<string, string>).code_challenge
    delete (crmRequest as Record<string, string>).code_challenge_method
    const otherClient = await postPageForm(
      service,
      HOST,
      '/oauth/auth/second-factor',
      { ...crmRequest, code: '123456' },
      step.csrf,
    )
    expect(otherClient.statusCode).toBe(400)
    expect(otherClient.body).toContain('This page has expired.')

    const wrong = await withCode(step, '123456')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.body).toContain('That code is not right')
    // The code that confirmed the app was this step's: it is never taken again.
    expect((await withCode(step, codeAt(secret, clock))).statusCode).toBe(401)

    clock += STEP_MS
    const code = codeAt(secret, clock)
    const signedIn = await withCode(step, ` ${code.slice(0, 3)} ${code.slice(3)} `)
    expect(signedIn.statusCode).toBe(303)
    const location = new URL(signedIn.headers.location as string)
    expect(location.pathname).toBe('/app/callback')
    expect(location.searchParams.get('code')).toBeTruthy()
    // The ticket went with the sign-in.
    expect((await withCode(step, codeAt(secret, clock + STEP_MS))).statusCode).toBe(400)
    // The same code in a second sign-in: already used.
    expect((await withCode(await withPassword(), code)).statusCode).toBe(401)
  })

  it('takes each recovery code once, in any case and grouping', async () => {
    const [first] = recoveryCodes as [string]
    const typed = first.replace('-', '').toLowerCase()
    expect((await withCode(await withPassword(), typed)).statusCode).toBe(303)
    expect((await withCode(await withPassword(), first)).statusCode).toBe(401)
    expect((await api('GET', '')).json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 9 })
  })

  it('counts wrong codes with wrong passwords, and a right password does not clear them', async () => {
    clock += 60 * 60_000
    const step = await withPassword()
    for (let i = 0; i < 3; i++) expect((await withCode(step, '111111')).statusCode).toBe(401)
    // A fourth failure by password, then the right password: the count goes on.
    expect((await withPassword('wrong password')).answer.statusCode).toBe(401)
    const again = await withPassword()
    expect(again.answer.statusCode).toBe(200)
    const locked = await withCode(again, '222222')
    expect(locked.statusCode).toBe(429)
    expect(locked.headers['retry-after']).toBe('900')
    clock += STEP_MS
    // Locked: the right code is refused too, until the lock ends.
    expect((await withCode(again, codeAt(secret, clock))).statusCode).toBe(429)
    clock += 15 * 60_000
    // The page of the second step lasts 5 minutes: after the lock, the password comes first again.
    expect((await withCode(again, codeAt(secret, clock))).statusCode).toBe(400)
    expect((await withCode(await withPassword(), codeAt(secret, clock))).statusCode).toBe(303)
  })

  describe('turning it off', () => {
    it('needs a right code, counts wrong ones as failed sign-ins, then the password alone signs in again', async () => {
      clock += STEP_MS
      const refused = await api('POST', '/disable', { code: '333333' })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errorCode).toBe('INVALID_SECOND_FACTOR_CODE')
      // A stolen session cannot guess without end: the fifth wrong code locks, the right one included.
      for (let i = 0; i < 3; i++)
        expect((await api('POST', '/disable', { code: '444444' })).statusCode).toBe(400)
      const locked = await api('POST', '/disable', { code: '555555' })
      expect(locked.statusCode).toBe(429)
      expect(locked.json().errorCode).toBe('TOO_MANY_SIGN_IN_ATTEMPTS')
      expect(locked.headers['retry-after']).toBe('900')
      expect((await api('POST', '/disable', { code: codeAt(secret, clock) })).statusCode).toBe(429)
      expect((await api('GET', '')).json()).toMatchObject({ enabled: true })

      clock += 15 * 60_000
      expect((await api('POST', '/disable', { code: codeAt(secret, clock) })).json()).toEqual({
        enabled: false,
        required: false,
      })
      expect((await api('GET', '')).json()).toEqual({ enabled: false, required: false })
      expect((await withPassword()).answer.statusCode).toBe(303)
    })
  })
})
