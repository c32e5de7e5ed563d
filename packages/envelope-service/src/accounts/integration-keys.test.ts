import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INKWELL_APP_CLIENT_ID } from '../identity/first-party.js'
import { generateRsaKeyPair } from '../identity/keys.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'

describeEachDatabase('integration keys REST (Inkwell extension)', (databases) => {
  let service: TestService
  let admin: TestPrincipal
  let sender: TestPrincipal
  let otherAdmin: TestPrincipal

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    admin = await seedPrincipal(service.ctx)
    sender = await seedPrincipal(service.ctx, { accountId: admin.accountId, permissions: ['send_envelopes'] })
    otherAdmin = await seedPrincipal(service.ctx)
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
      url: `/restapi/v2.1/accounts/${who.accountId}/integration_keys${path}`,
      headers: who.headers,
      ...(payload ? { payload } : {}),
    })

  describe('POST /integration_keys', () => {
    it('generates an RSA pair and shows the private key once', async () => {
      const created = await call(admin, 'POST', '', {
        name: 'Acme CRM',
        redirectUris: ['https://crm.example.test/callback'],
      })
      expect(created.statusCode).toBe(201)
      const body = created.json()
      expect(body).toMatchObject({
        name: 'Acme CRM',
        enabled: true,
        clientKind: 'confidential',
        redirectUris: ['https://crm.example.test/callback'],
        secretKeys: [],
        privateKeyPem: expect.stringContaining('PRIVATE KEY'),
      })
      expect(body.publicKeys).toHaveLength(1)
      const again = await call(admin, 'GET', `/${body.integrationKey}`)
      expect(again.json().privateKeyPem).toBeUndefined()
    })

    it('accepts an uploaded public key instead, and a public client kind', async () => {
      const { publicKeyPem } = generateRsaKeyPair()
      const created = await call(admin, 'POST', '', { name: 'SPA', clientKind: 'public', publicKeyPem })
      expect(created.statusCode).toBe(201)
      expect(created.json().privateKeyPem).toBeUndefined()
      expect(created.json().publicKeys).toHaveLength(1)
      expect(created.json().clientKind).toBe('public')
    })

    it('refuses a malformed redirect URI with 400', async () => {
      const created = await call(admin, 'POST', '', { name: 'Bad', redirectUris: ['not a url'] })
      expect(created.statusCode).toBe(400)
    })
  })

  describe('secrets, redirect URIs, enable/disable, consents', () => {
    it('manages one key end to end', async () => {
      const id = (await call(admin, 'POST', '', { name: 'Managed' })).json().integrationKey
      const secret = await call(admin, 'POST', `/${id}/secrets`)
      expect(secret.statusCode).toBe(201)
      expect(secret.json().secretKey).toMatch(/^[\w-]{43}$/)
      const listed = (await call(admin, 'GET', `/${id}`)).json()
      expect(listed.secretKeys).toEqual([
        { secretId: secret.json().secretId, createdDateTime: expect.any(String) },
      ])
      expect(JSON.stringify(listed)).not.toContain(secret.json().secretKey)
      expect((await call(admin, 'DELETE', `/${id}/secrets/${secret.json().secretId}`)).statusCode).toBe(204)
      expect((await call(admin, 'DELETE', `/${id}/secrets/${secret.json().secretId}`)).statusCode).toBe(404)

      const added = await call(admin, 'POST', `/${id}/redirect_uris`, {
        redirectUri: 'http://localhost:3000/cb',
      })
      expect(added.json().redirectUris).toEqual(['http://localhost:3000/cb'])
      const removed = await call(admin, 'DELETE', `/${id}/redirect_uris`, {
        redirectUri: 'http://localhost:3000/cb',
      })
      expect(removed.json().redirectUris).toEqual([])

      const disabled = await call(admin, 'PUT', `/${id}`, { enabled: false, name: 'Renamed' })
      expect(disabled.json()).toMatchObject({ enabled: false, name: 'Renamed' })
      expect((await call(admin, 'GET', `/${id}/consents`)).json()).toEqual({ consents: [] })
      const all = (await call(admin, 'GET', '')).json().integrationKeys
      expect(all.map((key: { integrationKey: string }) => key.integrationKey)).toContain(id)
    })

    it('lists the consents given to a key', async () => {
      const consents = (await call(admin, 'GET', `/${admin.integrationKeyId}/consents`)).statusCode
      // Keys made outside the account (the harness's, the CLI's) are not the account's to manage.
      expect(consents).toBe(404)
    })
  })

  describe('who may', () => {
    it('is for administrators only', async () => {
      expect((await call(sender, 'GET', '')).statusCode).toBe(403)
    })

    it("does not show or touch another account's keys", async () => {
      const id = (await call(admin, 'POST', '', { name: 'Mine' })).json().integrationKey
      expect((await call(otherAdmin, 'GET', `/${id}`)).statusCode).toBe(404)
      expect((await call(otherAdmin, 'POST', `/${id}/secrets`)).statusCode).toBe(404)
      expect((await call(otherAdmin, 'GET', '')).json().integrationKeys).toEqual([])
    })

    it('leaves the web app key to the service', async () => {
      expect((await call(admin, 'PUT', `/${INKWELL_APP_CLIENT_ID}`, { enabled: false })).statusCode).toBe(403)
    })
  })
})
