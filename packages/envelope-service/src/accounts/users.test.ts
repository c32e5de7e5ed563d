import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recentMessages } from '../devmailbox/service.js'
import { signIn } from '../identity/users/sign-in.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'

const PASSWORD = 'a long enough password'

describeEachDatabase('users API and password links', (databases) => {
  let service: TestService
  let admin: TestPrincipal
  let sender: TestPrincipal

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), { DEV_MAILBOX: 'true' })
    admin = await seedPrincipal(service.ctx)
    sender = await seedPrincipal(service.ctx, { accountId: admin.accountId, permissions: ['send_envelopes'] })
  })
  afterAll(() => service.close())

  const call = (
    who: TestPrincipal,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
  ) =>
    service.app.inject({
      method,
      url: `/restapi/v2.1/accounts/${who.accountId}${path}`,
      headers: { ...who.headers, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    })

  /** The development mailbox's newest message to the address, waiting for the outbox job to send it. */
  async function mailTo(address: string, subject: RegExp) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const found = (await recentMessages(service.ctx.db, { limit: 20, recipient: address })).find(
        (message) => subject.test(message.subject),
      )
      if (found) return found
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`no message to ${address} matching ${subject}`)
  }
  const linkIn = (text: string) =>
    new URL(/https?:\/\/\S+\/oauth\/password\/[\w-]+/.exec(text)?.[0] as string)

  async function form(url: string, fields: Record<string, string>) {
    const page = await service.app.inject({ method: 'GET', url })
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] as string
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1]
    const cookie = `inkwell_csrf=${csrf}`
    return service.app.inject({
      method: 'POST',
      url: url.startsWith('/oauth/password/') ? '/oauth/password' : url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({ csrf, ...(token ? { token } : {}), ...fields }).toString(),
    })
  }

  describe('GET /users and /users/{userId}', () => {
    it("lists the account's users in DocuSign's shape", async () => {
      const response = await call(sender, 'GET', '/users')
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expect(body.totalSetSize).toBe('2')
      const shown = body.users.find((user: { userId: string }) => user.userId === admin.userId)
      expect(shown).toMatchObject({
        userName: 'Test User',
        isAdmin: 'True',
        permissionProfileName: 'Account Administrator',
        userSettings: { canSendEnvelope: 'true', canManageTemplates: 'true', canManageAccount: 'true' },
        uri: `/v2.1/accounts/${admin.accountId}/users/${admin.userId}`,
      })
      expect((await call(sender, 'GET', `/users/${sender.userId}`)).json().permissionProfileName).toBe(
        'DocuSign Sender',
      )
      expect((await call(sender, 'GET', '/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    })
  })

  describe('POST /users (invitation)', () => {
    it('creates the user, emails a set-password link, and the link leads to a first sign-in', async () => {
      const response = await call(admin, 'POST', '/users', {
        newUsers: [
          { userName: 'Grace Hopper', email: 'grace@example.test', permissionProfileName: 'DocuSign Viewer' },
          { userName: 'Again', email: 'GRACE@example.test' },
          { userName: 'No email' },
        ],
      })
      expect(response.statusCode).toBe(201)
      const [grace, duplicate, invalid] = response.json().newUsers
      expect(grace).toMatchObject({
        userName: 'Grace Hopper',
        userStatus: 'ActivationSent',
        permissionProfileName: 'DocuSign Viewer',
      })
      expect(duplicate.errorDetails.errorCode).toBe('USER_ALREADY_EXISTS_IN_ACCOUNT')
      expect(invalid.errorDetails.errorCode).toBe('INVALID_REQUEST_PARAMETER')

      const email = await mailTo('grace@example.test', /invited/)
      const link = linkIn(email.textBody)
      expect((await form(link.pathname, { password: 'short', confirm: 'short' })).statusCode).toBe(400)
      expect(
        (await form(link.pathname, { password: PASSWORD, confirm: 'different password' })).statusCode,
      ).toBe(400)
      const saved = await form(link.pathname, { password: PASSWORD, confirm: PASSWORD })
      expect(saved.statusCode).toBe(200)
      expect(saved.body).toContain('password is saved')
      expect((await service.app.inject({ method: 'GET', url: link.pathname })).statusCode).toBe(410)
      expect(await signIn(service.ctx.db, 'grace@example.test', PASSWORD, Date.now())).toMatchObject({
        kind: 'signed-in',
        userId: grace.userId,
      })
      expect((await call(admin, 'GET', `/users/${grace.userId}`)).json().userStatus).toBe('Active')
    })

    it('is for administrators only, and refuses an unknown permission profile', async () => {
      expect(
        (await call(sender, 'POST', '/users', { newUsers: [{ userName: 'X', email: 'x@example.test' }] }))
          .statusCode,
      ).toBe(403)
      const refused = await call(admin, 'POST', '/users', {
        newUsers: [{ userName: 'X', email: 'x@example.test', permissionProfileName: 'Owner' }],
      })
      expect(refused.json().newUsers[0].errorDetails.message).toContain('permissionProfileName')
    })
  })

  describe('GET /users filters (eg043)', () => {
    it('filters by email (any case) and status, and an activation access code is accepted', async () => {
      const created = await call(admin, 'POST', '/users', {
        newUsers: [{ userName: 'Agent Ada', email: 'ada.agent@example.test', activationAccessCode: '12345' }],
      })
      expect(created.statusCode).toBe(201)
      expect(created.json().newUsers[0]).toMatchObject({ userStatus: 'ActivationSent' })
      const byEmail = await call(admin, 'GET', '/users?email=ADA.agent@example.test')
      expect(byEmail.json()).toMatchObject({ resultSetSize: '1', users: [{ userName: 'Agent Ada' }] })
      const active = await call(admin, 'GET', '/users?email=ada.agent@example.test&status=Active')
      expect(active.json()).toMatchObject({ resultSetSize: '0', users: [] })
      const pending = await call(
        admin,
        'GET',
        '/users?email=ada.agent@example.test&status=Active,ActivationSent',
      )
      expect(pending.json()).toMatchObject({ resultSetSize: '1' })
      const nobody = await call(admin, 'GET', '/users?email=nobody@example.test')
      expect(nobody.json()).toMatchObject({ resultSetSize: '0', users: [] })
    })

    it('pages with count and start_position, and filters by part of the email or name and by group', async () => {
      const invited = await call(admin, 'POST', '/users', {
        newUsers: [
          { userName: 'Bea Paging', email: 'bea.paging@example.test' },
          { userName: 'Carlos Paging', email: 'carlos.paging@example.test' },
          { userName: 'Dora Paging', email: 'dora.paging@example.test' },
        ],
      })
      const [, carlos] = invited.json().newUsers as { userId: string }[]
      const all = Number((await call(admin, 'GET', '/users')).json().totalSetSize)
      const first = (await call(admin, 'GET', '/users?count=2')).json()
      expect(first).toMatchObject({ resultSetSize: '2', totalSetSize: String(all), startPosition: '0' })
      expect(first.nextUri).toBe('/users?count=2&start_position=2')
      expect(first.previousUri).toBeUndefined()
      const second = (await call(admin, 'GET', first.nextUri)).json()
      expect(second).toMatchObject({ startPosition: '2', previousUri: '/users?count=2&start_position=0' })
      expect(second.users.map((user: { userId: string }) => user.userId)).not.toContain(first.users[0].userId)

      const byEmail = (await call(admin, 'GET', '/users?email_substring=.PAGING@')).json()
      expect(byEmail.users.map((user: { userName: string }) => user.userName)).toEqual(
        expect.arrayContaining(['Bea Paging', 'Carlos Paging', 'Dora Paging']),
      )
      expect(byEmail.totalSetSize).toBe('3')
      const byName = (
        await call(admin, 'GET', '/users?user_name_substring=dora&email_substring=paging')
      ).json()
      expect(byName).toMatchObject({ totalSetSize: '1', users: [{ userName: 'Dora Paging' }] })
      const paged = (
        await call(admin, 'GET', '/users?email_substring=paging&count=1&start_position=1')
      ).json()
      expect(paged).toMatchObject({
        resultSetSize: '1',
        totalSetSize: '3',
        startPosition: '1',
        endPosition: '1',
      })
      expect(paged.nextUri).toBe('/users?email_substring=paging&count=1&start_position=2')

      const group = (await call(admin, 'POST', '/groups', { groups: [{ groupName: 'Paging team' }] })).json()
        .groups[0] as { groupId: string }
      await call(admin, 'PUT', `/groups/${group.groupId}/users`, { users: [{ userId: carlos?.userId }] })
      const inGroup = (await call(admin, 'GET', `/users?group_id=${group.groupId}`)).json()
      expect(inGroup).toMatchObject({ totalSetSize: '1', users: [{ userName: 'Carlos Paging' }] })
      const admins = (await call(admin, 'GET', `/users?group_id=unknown,administrators`)).json()
      expect(admins.users.map((user: { userId: string }) => user.userId)).toEqual([admin.userId])

      for (const query of ['count=0', 'count=101', 'start_position=-1', 'count=abc']) {
        const refused = await call(admin, 'GET', `/users?${query}`)
        expect(refused.statusCode).toBe(400)
        expect(refused.json().errorCode).toBe('INVALID_REQUEST_PARAMETER')
      }
    })
  })

  describe('PUT /users/{userId}', () => {
    it("changes a user's permissions", async () => {
      const made = await call(admin, 'PUT', `/users/${sender.userId}`, { isAdmin: 'true' })
      expect(made.json()).toMatchObject({ isAdmin: 'True', permissionProfileName: 'Account Administrator' })
      const back = await call(admin, 'PUT', `/users/${sender.userId}`, {
        permissionProfileName: 'DocuSign Sender',
        userSettings: { canManageTemplates: 'false' },
      })
      expect(back.json().userSettings).toEqual({
        canSendEnvelope: 'true',
        canManageTemplates: 'false',
        canManageAccount: 'false',
      })
      expect((await call(admin, 'PUT', `/users/${sender.userId}`, { isAdmin: 'maybe' })).statusCode).toBe(400)
    })
  })

  describe('DELETE /users (closeUsers)', () => {
    it('ends the membership, and reports users who are not members', async () => {
      const victim = await seedPrincipal(service.ctx, { accountId: admin.accountId })
      const response = await call(admin, 'DELETE', '/users', {
        users: [{ userId: victim.userId }, { userId: '00000000-0000-4000-8000-000000000000' }],
      })
      expect(response.statusCode).toBe(200)
      const [closed, unknown] = response.json().users
      expect(closed).toMatchObject({ userId: victim.userId, userStatus: 'Closed' })
      expect(unknown.errorDetails.errorCode).toBe('USER_NOT_FOUND')
      const ids = (await call(admin, 'GET', '/users'))
        .json()
        .users.map((user: { userId: string }) => user.userId)
      expect(ids).not.toContain(victim.userId)
      // Still listed as a former member when asked for by status, and read as Closed; nothing may be
      // changed for them.
      const closedList = (await call(admin, 'GET', '/users?status=Closed')).json()
      expect(closedList.users).toEqual([
        expect.objectContaining({
          userId: victim.userId,
          userStatus: 'Closed',
          email: `${victim.userId}@example.test`,
        }),
      ])
      expect(closedList.totalSetSize).toBe('1')
      const both = (await call(admin, 'GET', '/users?status=Active,Closed')).json().users
      expect(both.map((user: { userStatus: string }) => user.userStatus)).toContain('Active')
      expect(both.map((user: { userId: string }) => user.userId)).toContain(victim.userId)
      const read = await call(admin, 'GET', `/users/${victim.userId}`)
      expect(read.statusCode, read.body).toBe(200)
      expect(read.json().userStatus).toBe('Closed')
      const change = await call(admin, 'PUT', `/users/${victim.userId}`, {
        permissionProfileName: 'Account Administrator',
      })
      expect(change.statusCode).toBe(404)
      // Left with no account: the token no longer verifies (past the verifier's cache).
      expect(await service.ctx.tokens.verify(victim.accessToken, Date.now() + 60_000)).toBeUndefined()
      const back = await call(admin, 'POST', '/users', {
        newUsers: [{ userName: 'Back again', email: `${victim.userId}@example.test` }],
      })
      expect(back.statusCode, back.body).toBe(201)
      expect(back.json().newUsers[0]).toMatchObject({ userId: victim.userId, userStatus: 'ActivationSent' })
      // A member again: no longer a former one.
      expect((await call(admin, 'GET', '/users?status=Closed')).json().users).toEqual([])
      const link = linkIn((await mailTo(`${victim.userId}@example.test`, /invited/)).textBody)
      expect((await form(link.pathname, { password: PASSWORD, confirm: PASSWORD })).statusCode).toBe(200)
      expect((await signIn(service.ctx.db, `${victim.userId}@example.test`, PASSWORD, Date.now())).kind).toBe(
        'signed-in',
      )
    })
  })

  describe('the last administrator', () => {
    it('is not demoted, closed, or moved to a profile without administration; once another is, they may be', async () => {
      const only = await seedPrincipal(service.ctx)
      const member = await seedPrincipal(service.ctx, {
        accountId: only.accountId,
        permissions: ['send_envelopes'],
      })
      const refused = (response: { statusCode: number; json(): { errorCode: string } }) => {
        expect(response.statusCode).toBe(400)
        expect(response.json().errorCode).toBe('LAST_ACCOUNT_ADMINISTRATOR')
      }
      refused(await call(only, 'PUT', `/users/${only.userId}`, { isAdmin: 'false' }))
      refused(await call(only, 'PUT', `/users/${only.userId}`, { permissionProfileName: 'DocuSign Sender' }))
      refused(await call(only, 'PUT', `/users/${only.userId}`, { permissionProfileId: '2301416' }))

      // A custom profile with administration, held by the only administrator, cannot lose it.
      const profile = await call(only, 'POST', '/permission_profiles', {
        permissionProfileName: 'Owners',
        settings: { allowAccountManagement: 'true', allowEnvelopeSending: 'true' },
      })
      expect(profile.statusCode, profile.body).toBe(201)
      const { permissionProfileId } = profile.json()
      const held = await call(only, 'PUT', `/users/${only.userId}`, { permissionProfileId })
      expect(held.json()).toMatchObject({ isAdmin: 'True', permissionProfileName: 'Owners' })
      refused(
        await call(only, 'PUT', `/permission_profiles/${permissionProfileId}`, {
          settings: { allowAccountManagement: 'false' },
        }),
      )

      const closing = await call(only, 'DELETE', '/users', { users: [{ userId: only.userId }] })
      expect(closing.statusCode).toBe(200)
      expect(closing.json().users[0].errorDetails.errorCode).toBe('LAST_ACCOUNT_ADMINISTRATOR')
      const still = await call(only, 'GET', `/users/${only.userId}`)
      expect(still.json()).toMatchObject({ isAdmin: 'True', permissionProfileName: 'Owners' })

      // With a second administrator, the first may step down.
      expect((await call(only, 'PUT', `/users/${member.userId}`, { isAdmin: 'true' })).statusCode).toBe(200)
      const stepped = await call(only, 'PUT', `/users/${only.userId}`, { permissionProfileId: '2301416' })
      expect(stepped.statusCode, stepped.body).toBe(200)
      expect(stepped.json().isAdmin).toBe('False')
    })
  })

  describe('password reset', () => {
    it('answers the same whether the email exists, and the link works once', async () => {
      const known = await form('/oauth/password-reset', { email: 'grace@example.test' })
      const unknown = await form('/oauth/password-reset', { email: 'nobody@example.test' })
      expect(known.statusCode).toBe(200)
      expect(unknown.body).toBe(known.body)
      const email = await mailTo('grace@example.test', /Reset/)
      const link = linkIn(email.textBody)
      const newPassword = 'another long password'
      expect((await form(link.pathname, { password: newPassword, confirm: newPassword })).statusCode).toBe(
        200,
      )
      expect((await service.app.inject({ method: 'GET', url: link.pathname })).statusCode).toBe(410)
      expect((await signIn(service.ctx.db, 'grace@example.test', newPassword, Date.now())).kind).toBe(
        'signed-in',
      )
      expect(
        (await recentMessages(service.ctx.db, { limit: 50, recipient: 'nobody@example.test' })).length,
      ).toBe(0)
    })
  })
})
