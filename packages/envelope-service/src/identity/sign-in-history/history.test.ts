import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { recordConsent } from '../authorization-code/grant.js'
import { s256 } from '../authorization-code/pkce.js'
import { cookieOf, cookieValue, hiddenFields, verifier } from '../authorization-code/test-sign-in.js'
import { setClientAccount } from '../clients/repository.js'
import { INKWELL_APP_CLIENT_ID } from '../first-party.js'
import { addMember, createAccount, createIntegrationKey, createUser } from '../service.js'
import { issueAccessToken } from '../tokens/service.js'
import { closeUsers } from '../users/directory.js'
import { setPassword } from '../users/sign-in.js'
import { recordSignIn } from './events.js'
import { KEPT_PER_USER } from './repository.js'

const HOST = 'inkwell.test'
const PASSWORD = 'correct horse battery staple'
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'

/**
 * The sign-in history: a right and a wrong password of a known user are kept with the browser and the
 * client's address (forwarded by the proxy `TRUST_PROXY` names); an unknown email leaves nothing; only the web app reads it; the newest 100 are kept.
 */
describeEachDatabase('sign-in history', (databases) => {
  let service: TestService
  let clock = Date.parse('2026-12-06T10:00:00.000Z')
  let accountId: string
  let userId: string
  let appToken: string
  let otherToken: string
  const email = 'ada@example.test'

  beforeAll(async () => {
    // Behind a proxy at 203.0.113.7, which forwards the client's address.
    service = await startTestService(await databases.freshUrl(), { TRUST_PROXY: '203.0.113.7' }, () => clock)
    const db = service.ctx.db
    accountId = (await createAccount(db, { name: 'Acme' }, clock)).id
    userId = (await createUser(db, { name: 'Ada Lovelace', email }, clock)).id
    await setPassword(db, userId, PASSWORD)
    await addMember(db, { accountId, userId, permissions: ['send_envelopes'] }, clock)
    await recordConsent(db, userId, INKWELL_APP_CLIENT_ID, ['signature'], clock)
    const grant = { userId, scopes: ['signature'] }
    appToken = (
      await issueAccessToken(db, { ...grant, integrationKeyId: INKWELL_APP_CLIENT_ID }, clock, 86_400)
    ).accessToken
    const crm = await createIntegrationKey(db, { name: 'Acme CRM' }, clock)
    await recordConsent(db, userId, crm.integrationKey.id, ['signature'], clock)
    otherToken = (
      await issueAccessToken(db, { ...grant, integrationKeyId: crm.integrationKey.id }, clock, 86_400)
    ).accessToken
  })
  afterAll(() => service.close())

  const history = (token = appToken, query = '') =>
    service.app.inject({
      method: 'GET',
      url: `/restapi/v2.1/accounts/${accountId}/sign_in_history${query}`,
      headers: { host: HOST, authorization: `Bearer ${token}` },
    })

  /** The sign-in page posted with `as` and `password`, from a browser at 192.0.2.44 through the proxy. */
  async function signInAs(as: string, password: string) {
    const query = {
      response_type: 'code',
      scope: 'signature',
      client_id: INKWELL_APP_CLIENT_ID,
      redirect_uri: `http://${HOST}/app/callback`,
      code_challenge: s256(verifier()),
      code_challenge_method: 'S256',
    }
    const page = await service.app.inject({
      method: 'GET',
      url: `/oauth/auth?${new URLSearchParams(query)}`,
      headers: { host: HOST },
    })
    return service.app.inject({
      method: 'POST',
      url: '/oauth/auth',
      remoteAddress: '203.0.113.7',
      headers: {
        host: HOST,
        'x-forwarded-for': '192.0.2.44',
        'user-agent': BROWSER,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `inkwell_csrf=${cookieValue(cookieOf(page, 'inkwell_csrf'))}`,
      },
      payload: new URLSearchParams({ ...hiddenFields(page.body), email: as, password }).toString(),
    })
  }

  it("keeps a wrong and a right password of a known user, with the browser and the client's address", async () => {
    expect((await history()).json()).toEqual({ events: [] })
    expect((await signInAs(email, 'not the password')).statusCode).toBe(401)
    clock += 60_000
    expect((await signInAs(email.toUpperCase(), PASSWORD)).statusCode).toBe(303)
    // An email no user has belongs to no one's history.
    expect((await signInAs('nobody@example.test', PASSWORD)).statusCode).toBe(401)

    const events = (await history()).json().events
    expect(events).toEqual([
      {
        at: '2026-12-06T10:01:00.000Z',
        outcome: 'signed-in',
        method: 'password',
        clientId: INKWELL_APP_CLIENT_ID,
        ip: '192.0.2.44',
        userAgent: BROWSER,
      },
      {
        at: '2026-12-06T10:00:00.000Z',
        outcome: 'wrong-password',
        clientId: INKWELL_APP_CLIENT_ID,
        ip: '192.0.2.44',
        userAgent: BROWSER,
      },
    ])
  })

  it('is read by the person in the web app only', async () => {
    const refused = await history(otherToken)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().errorCode).toBe('USER_LACKS_PERMISSIONS')
    expect((await history(appToken, '?count=0')).statusCode).toBe(400)
    expect((await history(appToken, '?count=1')).json().events).toHaveLength(1)
  })

  it("shows a member's sign-ins to the account's administrators, only those that concern the account", async () => {
    const db = service.ctx.db
    const adminId = (await createUser(db, { name: 'Grace Hopper', email: 'grace@example.test' }, clock)).id
    await addMember(db, { accountId, userId: adminId, permissions: ['administer', 'send_envelopes'] }, clock)
    await recordConsent(db, adminId, INKWELL_APP_CLIENT_ID, ['signature'], clock)
    const adminToken = (
      await issueAccessToken(
        db,
        { userId: adminId, scopes: ['signature'], integrationKeyId: INKWELL_APP_CLIENT_ID },
        clock,
        86_400,
      )
    ).accessToken
    // Ada also belongs to another account; a sign-in to that account's key is not this account's business.
    const otherAccountId = (await createAccount(db, { name: 'Elsewhere' }, clock)).id
    await addMember(db, { accountId: otherAccountId, userId, permissions: ['send_envelopes'] }, clock)
    const ownKey = (await createIntegrationKey(db, { name: 'Acme billing' }, clock)).integrationKey.id
    await setClientAccount(db, ownKey, accountId)
    const elsewhereKey = (await createIntegrationKey(db, { name: 'Elsewhere CRM' }, clock)).integrationKey.id
    await setClientAccount(db, elsewhereKey, otherAccountId)
    const from = { ip: '198.51.100.9', headers: {} }
    for (const clientId of [ownKey, elsewhereKey]) {
      clock += 1_000
      await recordSignIn(db, { userId, at: clock, outcome: 'signed-in', method: 'password', clientId }, from)
    }

    const memberHistory = (token: string, member: string, query = '') =>
      service.app.inject({
        method: 'GET',
        url: `/restapi/v2.1/accounts/${accountId}/users/${member}/sign_in_history${query}`,
        headers: { host: HOST, authorization: `Bearer ${token}` },
      })
    const seen = await memberHistory(adminToken, userId)
    expect(seen.statusCode).toBe(200)
    expect(seen.json().events.map((event: { clientId: string }) => event.clientId)).toEqual([
      ownKey,
      INKWELL_APP_CLIENT_ID,
      INKWELL_APP_CLIENT_ID,
    ])
    expect((await memberHistory(adminToken, userId, '?count=1')).json().events).toHaveLength(1)
    // Ada herself still sees all of hers, wherever they were.
    expect((await history()).json().events[0].clientId).toBe(elsewhereKey)

    // Not an administrator, not in the web app, not a member: refused.
    const notAdmin = await memberHistory(appToken, adminId)
    expect(notAdmin.statusCode).toBe(403)
    expect(notAdmin.json().errorCode).toBe('USER_LACKS_PERMISSIONS')
    expect((await memberHistory(otherToken, userId)).statusCode).toBe(403)
    const stranger = (await createUser(db, { name: 'Nobody', email: 'stranger@example.test' }, clock)).id
    const missing = await memberHistory(adminToken, stranger)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().errorCode).toBe('USER_NOT_FOUND')
    expect((await memberHistory(adminToken, 'x'.repeat(65))).statusCode).toBe(400)

    // A member who leaves the account: her sign-ins to it stay readable by its administrators.
    const linId = (await createUser(db, { name: 'Lin', email: 'lin@example.test' }, clock)).id
    await addMember(db, { accountId, userId: linId, permissions: ['send_envelopes'] }, clock)
    clock += 1_000
    await recordSignIn(
      db,
      { userId: linId, at: clock, outcome: 'signed-in', method: 'password', clientId: ownKey },
      from,
    )
    await closeUsers(db, accountId, [linId], clock)
    const afterLeaving = await memberHistory(adminToken, linId)
    expect(afterLeaving.statusCode, afterLeaving.body).toBe(200)
    expect(afterLeaving.json().events).toEqual([
      expect.objectContaining({ clientId: ownKey, outcome: 'signed-in' }),
    ])
    expect((await memberHistory(appToken, linId)).statusCode).toBe(403)
  })

  it(`keeps the newest ${KEPT_PER_USER} events of each user`, async () => {
    for (let i = 0; i < KEPT_PER_USER + 5; i++) {
      clock += 1_000
      await recordSignIn(
        service.ctx.db,
        { userId, at: clock, outcome: 'wrong-password' },
        { ip: '198.51.100.1', headers: { 'user-agent': 'x'.repeat(2_000) } },
      )
    }
    const events = (await history(appToken, `?count=${KEPT_PER_USER}`)).json().events
    expect(events).toHaveLength(KEPT_PER_USER)
    expect(events[0].at).toBe(new Date(clock).toISOString())
    // The two real sign-ins and the three oldest of these are gone.
    expect(events.at(-1).at).toBe(new Date(clock - (KEPT_PER_USER - 1) * 1_000).toISOString())
    expect(events[0].userAgent).toHaveLength(512)
  })
})
