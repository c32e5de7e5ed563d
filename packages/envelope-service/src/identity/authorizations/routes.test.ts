import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import {
  seedPrincipal,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../../testing/harness.js'

const DAY = 86_400_000

describeEachDatabase('shared access: user authorizations and X-DocuSign-Act-On-Behalf', (databases) => {
  let service: TestService
  let principal: TestPrincipal
  let agent: TestPrincipal
  let stranger: TestPrincipal
  let otherAccount: TestPrincipal
  let envelopeId: string
  let document: string

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
  const call = (who: TestPrincipal, method: Method, path: string, payload?: object, headers = {}) =>
    service.app.inject({
      method,
      url: `/restapi/v2.1/accounts/${who.accountId}${path}`,
      headers: { ...who.headers, ...headers },
      ...(payload ? { payload } : {}),
    })
  const onBehalf = (who: TestPrincipal, of: string, method: Method, path: string, payload?: object) =>
    call(who, method, path, payload, { 'x-docusign-act-on-behalf': of })
  const draft = () => ({
    status: 'created',
    emailSubject: 'Shared access draft',
    documents: [{ documentId: '1', name: 'Shared.pdf', documentBase64: document }],
    recipients: { signers: [{ recipientId: '1', name: 'Ana Signer', email: 'ana@example.test' }] },
  })
  const authorize = async (permission: string, extra: object = {}, to = agent) => {
    const response = await call(principal, 'POST', `/users/${principal.userId}/authorization`, {
      agentUser: { userId: to.userId, accountId: principal.accountId },
      permission,
      ...extra,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().authorizationId as string
  }
  const revoke = (id: string) => call(principal, 'DELETE', `/users/${principal.userId}/authorization/${id}`)

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    document = await makePdfBase64(1, 'Shared')
    principal = await seedPrincipal(service.ctx)
    agent = await seedPrincipal(service.ctx, {
      accountId: principal.accountId,
      permissions: ['send_envelopes'],
    })
    stranger = await seedPrincipal(service.ctx, {
      accountId: principal.accountId,
      permissions: ['send_envelopes'],
    })
    otherAccount = await seedPrincipal(service.ctx)
    const created = await call(principal, 'POST', '/envelopes', draft())
    expect(created.statusCode, created.body).toBe(201)
    envelopeId = created.json().envelopeId
  })
  afterAll(() => service.close())

  describe('the store', () => {
    it('creates, lists on both sides, filters by permission, gets, changes dates and deletes', async () => {
      const id = await authorize('send', { endDate: new Date(service.ctx.now() + 30 * DAY).toISOString() })
      const one = await call(principal, 'GET', `/users/${principal.userId}/authorization/${id}`)
      expect(one.statusCode).toBe(200)
      expect(one.json()).toMatchObject({
        authorizationId: id,
        permission: 'send',
        principalUser: { userId: principal.userId, accountId: principal.accountId },
        agentUser: {
          userId: agent.userId,
          accountId: principal.accountId,
          email: `${agent.userId}@example.test`,
        },
        createdBy: principal.userId,
      })
      const mine = await call(principal, 'GET', `/users/${principal.userId}/authorizations`)
      expect(mine.json()).toMatchObject({ resultSetSize: '1', authorizations: [{ authorizationId: id }] })
      // The agent sees what they hold; the manage filter finds nothing yet.
      const held = await call(agent, 'GET', `/users/${agent.userId}/authorizations/agent`)
      expect(held.json().authorizations.map((a: { authorizationId: string }) => a.authorizationId)).toEqual([
        id,
      ])
      const manage = await call(
        principal,
        'GET',
        `/users/${agent.userId}/authorizations/agent?permissions=manage`,
      )
      expect(manage.json()).toMatchObject({ resultSetSize: '0', authorizations: [] })
      const endDate = new Date(service.ctx.now() + 2 * DAY).toISOString()
      const changed = await call(principal, 'PUT', `/users/${principal.userId}/authorization/${id}`, {
        endDate,
      })
      expect(changed.statusCode, changed.body).toBe(200)
      expect(changed.json()).toMatchObject({ endDate, modifiedBy: principal.userId })
      expect((await revoke(id)).statusCode).toBe(204)
      const gone = await call(principal, 'GET', `/users/${principal.userId}/authorization/${id}`)
      expect(gone.statusCode).toBe(404)
      expect(gone.json()).toMatchObject({ errorCode: 'AUTHORIZATION_NOT_FOUND' })
    })

    it('refuses bad requests clearly', async () => {
      const path = `/users/${principal.userId}/authorization`
      const cases: [object, number, string][] = [
        [{ agentUser: { userId: agent.userId }, permission: 'admin' }, 400, 'INVALID_REQUEST_PARAMETER'],
        [{ agentUser: {}, permission: 'manage' }, 400, 'INVALID_REQUEST_PARAMETER'],
        [{ agentUser: { userId: principal.userId }, permission: 'manage' }, 400, 'INVALID_REQUEST_PARAMETER'],
        [
          { agentUser: { userId: agent.userId, accountId: otherAccount.accountId }, permission: 'manage' },
          400,
          'INVALID_REQUEST_PARAMETER',
        ],
        [{ agentUser: { userId: otherAccount.userId }, permission: 'manage' }, 404, 'USER_NOT_FOUND'],
        [{ agentUser: { userId: 'no-such-user' }, permission: 'manage' }, 404, 'USER_NOT_FOUND'],
        [
          {
            agentUser: { userId: agent.userId },
            permission: 'manage',
            startDate: '2030-01-02',
            endDate: '2030-01-01',
          },
          400,
          'INVALID_REQUEST_PARAMETER',
        ],
      ]
      for (const [body, status, errorCode] of cases) {
        const response = await call(principal, 'POST', path, body)
        expect(response.statusCode, JSON.stringify(body)).toBe(status)
        expect(response.json()).toMatchObject({ errorCode })
      }
      // Another member (not an administrator) cannot authorize for the principal nor read their list.
      const forged = await call(stranger, 'POST', path, {
        agentUser: { userId: stranger.userId },
        permission: 'manage',
      })
      expect(forged.statusCode).toBe(403)
      expect((await call(stranger, 'GET', `/users/${principal.userId}/authorizations`)).statusCode).toBe(403)
    })
  })

  describe('acting on behalf', () => {
    it('manage lists, reads and changes the principal’s envelopes as the principal', async () => {
      const id = await authorize('manage')
      const listed = await onBehalf(agent, principal.userId, 'GET', '/envelopes?from_date=2000-01-01')
      expect(listed.statusCode, listed.body).toBe(200)
      expect(listed.json().envelopes.map((e: { envelopeId: string }) => e.envelopeId)).toContain(envelopeId)
      const read = await onBehalf(agent, principal.userId, 'GET', `/envelopes/${envelopeId}`)
      expect(read.statusCode).toBe(200)
      // What the agent creates on behalf is the principal's: they are its sender.
      const created = await onBehalf(agent, principal.userId, 'POST', '/envelopes', draft())
      expect(created.statusCode, created.body).toBe(201)
      const mine = await call(principal, 'GET', `/envelopes/${created.json().envelopeId}`)
      expect(mine.json().sender).toMatchObject({ userId: principal.userId })
      // Sending on behalf: the audit trail names the principal and the agent who acted.
      const sent = await onBehalf(agent, principal.userId, 'POST', '/envelopes', {
        ...draft(),
        status: 'sent',
      })
      expect(sent.statusCode, sent.body).toBe(201)
      const entries = await service.ctx.db
        .selectFrom('audit_events')
        .select('entry')
        .where('envelope_id', '=', sent.json().envelopeId)
        .execute()
      expect(entries.length).toBeGreaterThan(0)
      for (const { entry } of entries) {
        expect(JSON.parse(entry)).toMatchObject({ userId: principal.userId, actingAgentUserId: agent.userId })
      }
      expect((await revoke(id)).statusCode).toBe(204)
    })

    it('refuses with 403 USER_LACKS_PERMISSIONS: no authorization, other account, wrong permission, unknown user, not yet started, expired, deleted', async () => {
      const refused = async (who: TestPrincipal, of: string, method: Method, path: string, body?: object) => {
        const response = await onBehalf(who, of, method, path, body)
        expect(response.statusCode, `${method} ${path} as ${of}: ${response.body}`).toBe(403)
        expect(response.json()).toMatchObject({ errorCode: 'USER_LACKS_PERMISSIONS' })
      }
      const list = '/envelopes?from_date=2000-01-01'
      // No authorization at all.
      await refused(stranger, principal.userId, 'GET', list)
      // The principal's user id in another account: the caller is no member there (403 by membership).
      const foreign = await service.app.inject({
        method: 'GET',
        url: `/restapi/v2.1/accounts/${otherAccount.accountId}${list}`,
        headers: { ...agent.headers, 'x-docusign-act-on-behalf': otherAccount.userId },
      })
      expect(foreign.statusCode).toBe(403)
      // An unknown principal.
      await refused(agent, 'no-such-user', 'GET', list)
      // Wrong permission: send creates only; sign and edit grant nothing over REST.
      const send = await authorize('send')
      await refused(agent, principal.userId, 'GET', list)
      await refused(agent, principal.userId, 'PUT', `/envelopes/${envelopeId}`, { emailSubject: 'x' })
      const sent = await onBehalf(agent, principal.userId, 'POST', '/envelopes', draft())
      expect(sent.statusCode, sent.body).toBe(201)
      await revoke(send)
      for (const permission of ['sign', 'edit']) {
        const id = await authorize(permission)
        await refused(agent, principal.userId, 'GET', list)
        await refused(agent, principal.userId, 'PUT', `/envelopes/${envelopeId}`, { emailSubject: 'x' })
        await revoke(id)
      }
      // manage never reaches beyond envelopes: users, templates, the authorizations themselves.
      const manage = await authorize('manage')
      await refused(agent, principal.userId, 'GET', '/users')
      await refused(agent, principal.userId, 'GET', '/templates')
      await refused(agent, principal.userId, 'GET', `/users/${principal.userId}/authorizations`)
      await refused(agent, principal.userId, 'POST', `/users/${principal.userId}/authorization`, {
        agentUser: { userId: stranger.userId },
        permission: 'manage',
      })
      // An authorization to the agent does not carry over to another member.
      await refused(stranger, principal.userId, 'GET', list)
      await revoke(manage)
      // Deleted: refused again.
      await refused(agent, principal.userId, 'GET', list)
      // Not yet started, and expired.
      const now = service.ctx.now()
      const later = await authorize('manage', { startDate: new Date(now + DAY).toISOString() })
      await refused(agent, principal.userId, 'GET', list)
      await revoke(later)
      const expired = await authorize('manage', {
        startDate: new Date(now - 2 * DAY).toISOString(),
        endDate: new Date(now - DAY).toISOString(),
      })
      await refused(agent, principal.userId, 'GET', list)
      await revoke(expired)
    })

    it('refuses a header that names more than one user', async () => {
      const response = await service.app.inject({
        method: 'GET',
        url: `/restapi/v2.1/accounts/${agent.accountId}/envelopes?from_date=2000-01-01`,
        headers: { ...agent.headers, 'x-docusign-act-on-behalf': ' ' },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ errorCode: 'INVALID_REQUEST_PARAMETER' })
    })
  })
})
