import { createHmac, createPrivateKey, createPublicKey, sign } from 'node:crypto'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedPrincipal, startTestService, type TestService } from '../testing/harness.js'
import { JWT_BEARER_GRANT_TYPE } from './jwt-grant.js'
import { generateRsaKeyPair } from './keys.js'
import { setIntegrationKeyEnabled } from './repository.js'
import {
  addMember,
  addPublicKey,
  createAccount,
  createIntegrationKey,
  createUser,
  grantConsent,
} from './service.js'

const AUDIENCE = 'localhost:8443'
const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url')

/** Builds a compact JWS by hand so tests can produce every malformed or hostile variant. */
function jws(header: object, claims: object, signer: (input: string) => Buffer | string = () => '') {
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`
  const signature = signer(input)
  return `${input}.${typeof signature === 'string' ? signature : signature.toString('base64url')}`
}

const rs256 = (privateKeyPem: string) => (input: string) =>
  sign('sha256', Buffer.from(input), createPrivateKey(privateKeyPem))

describeEachDatabase('identity host', (databases) => {
  let service: TestService
  let clock = Date.parse('2026-11-22T10:00:00.000Z')
  let integrationKey: string
  let privateKeyPem: string
  let publicKeyPem: string
  let userId: string
  let accountId: string
  const nowSeconds = () => Math.floor(clock / 1000)

  const claims = (overrides: Record<string, unknown> = {}) => ({
    iss: integrationKey,
    sub: userId,
    aud: AUDIENCE,
    iat: nowSeconds(),
    exp: nowSeconds() + 3600,
    scope: 'signature impersonation',
    ...overrides,
  })
  const assertion = (overrides: Record<string, unknown> = {}) =>
    jws({ alg: 'RS256', typ: 'JWT' }, claims(overrides), rs256(privateKeyPem))

  const requestToken = (form: Record<string, string>) =>
    service.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    })
  const exchange = (jwt: string) => requestToken({ grant_type: JWT_BEARER_GRANT_TYPE, assertion: jwt })

  async function expectOAuthError(jwt: string, error: string, description?: string) {
    const response = await exchange(jwt)
    expect(response.statusCode).toBe(400)
    expect(response.headers['cache-control']).toBe('no-store')
    const body = response.json()
    expect(body.error).toBe(error)
    if (description) expect(body.error_description).toBe(description)
    expect(Object.keys(body).sort()).toEqual(['error', 'error_description'])
  }

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), {}, () => clock)
    const db = service.ctx.db
    const account = await createAccount(db, { name: 'Acme' }, clock)
    const user = await createUser(db, { name: 'Ada King Lovelace', email: 'ada@example.test' }, clock)
    await addMember(db, { accountId: account.id, userId: user.id, permissions: ['send_envelopes'] }, clock)
    const created = await createIntegrationKey(db, { name: 'CRM' }, clock)
    await grantConsent(db, {
      userId: user.id,
      integrationKeyId: created.integrationKey.id,
      scopes: ['signature', 'impersonation'],
    })
    integrationKey = created.integrationKey.id
    privateKeyPem = created.privateKeyPem
    publicKeyPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }) as string
    userId = user.id
    accountId = account.id
  })
  afterAll(() => service.close())

  describe('POST /oauth/token', () => {
    it('issues a Bearer token for a valid RS256 assertion', async () => {
      const response = await exchange(assertion())
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const body = response.json()
      expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 })
      const stored = await service.ctx.db.selectFrom('access_tokens').select('token_hash').execute()
      expect(stored.map((row) => row.token_hash)).not.toContain(body.access_token)
      const verified = await service.ctx.tokens.verify(body.access_token, clock)
      expect(verified).toMatchObject({ userId, integrationKeyId: integrationKey })
    })

    it('leaves expired access tokens to the sweep job instead of sweeping while issuing', async () => {
      const url = service.ctx.config.DATABASE_URL
      // Its own clock: the suite's service, whose jobs follow `clock`, must not sweep meanwhile.
      let at = clock
      const issuer = await startTestService(url, {}, () => at)
      // Without its job runner, only the token endpoint could delete anything here.
      await issuer.ctx.jobs.stop()
      try {
        const old = await seedPrincipal(issuer.ctx)
        const tokensOf = (who: { userId: string }) =>
          issuer.ctx.db
            .selectFrom('access_tokens')
            .select('expires_at')
            .where('user_id', '=', who.userId)
            .execute()
        at += 2 * 3_600_000
        const seconds = Math.floor(at / 1000)
        const response = await issuer.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            grant_type: JWT_BEARER_GRANT_TYPE,
            assertion: assertion({ iat: seconds, exp: seconds + 3600 }),
          }).toString(),
        })
        expect(response.statusCode, response.body).toBe(200)
        expect(await tokensOf(old)).toHaveLength(1)

        const sweeper = await startTestService(url, {}, () => at)
        try {
          at += 10 * 60_000
          // The background poll may have run the job already; this makes sure it ran.
          await sweeper.ctx.jobs.runDue()
          expect(await tokensOf(old)).toEqual([])
          expect(await tokensOf({ userId })).not.toEqual([])
        } finally {
          await sweeper.close()
        }
      } finally {
        await issuer.close()
      }
    })

    it('accepts an audience from IDENTITY_HOSTS', async () => {
      const other = await startTestService(
        await databases.freshUrl(),
        { IDENTITY_HOSTS: 'auth.example.test, Login.Example.Test:9443' },
        () => clock,
      )
      try {
        const db = other.ctx.db
        const user = await createUser(db, { name: 'Grace', email: 'grace@example.test' })
        const key = await createIntegrationKey(db, { name: 'k' })
        await grantConsent(db, {
          userId: user.id,
          integrationKeyId: key.integrationKey.id,
          scopes: ['signature', 'impersonation'],
        })
        const jwt = jws(
          { alg: 'RS256' },
          { ...claims(), iss: key.integrationKey.id, sub: user.id, aud: 'login.example.test:9443' },
          rs256(key.privateKeyPem),
        )
        const response = await other.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ grant_type: JWT_BEARER_GRANT_TYPE, assertion: jwt }).toString(),
        })
        expect(response.statusCode).toBe(200)
      } finally {
        await other.close()
      }
    })

    it('verifies with any registered key of the integration key (rotation)', async () => {
      const rotated = generateRsaKeyPair()
      await addPublicKey(service.ctx.db, {
        integrationKeyId: integrationKey,
        publicKeyPem: rotated.publicKeyPem,
      })
      const response = await exchange(jws({ alg: 'RS256' }, claims(), rs256(rotated.privateKeyPem)))
      expect(response.statusCode).toBe(200)
    })

    describe('security', () => {
      it('rejects alg none', async () => {
        await expectOAuthError(
          jws({ alg: 'none', typ: 'JWT' }, claims()),
          'invalid_grant',
          'no_valid_keys_or_signatures',
        )
      })

      it('rejects HS256 signed with the public key as the secret', async () => {
        const forged = jws({ alg: 'HS256', typ: 'JWT' }, claims(), (input) =>
          createHmac('sha256', publicKeyPem).update(input).digest(),
        )
        await expectOAuthError(forged, 'invalid_grant', 'no_valid_keys_or_signatures')
      })

      it('rejects other algorithms such as RS512', async () => {
        const other = jws({ alg: 'RS512' }, claims(), (input) =>
          sign('sha512', Buffer.from(input), createPrivateKey(privateKeyPem)),
        )
        await expectOAuthError(other, 'invalid_grant', 'no_valid_keys_or_signatures')
      })

      it('rejects an expired assertion', async () => {
        await expectOAuthError(
          assertion({ iat: nowSeconds() - 3700, exp: nowSeconds() - 100 }),
          'invalid_grant',
          'expired_grant',
        )
      })

      it('rejects iat more than 60 s in the future', async () => {
        await expectOAuthError(
          assertion({ iat: nowSeconds() + 120, exp: nowSeconds() + 1200 }),
          'invalid_grant',
          'expired_grant',
        )
      })

      it('accepts iat slightly in the future (clock skew)', async () => {
        const response = await exchange(assertion({ iat: nowSeconds() + 30, exp: nowSeconds() + 1800 }))
        expect(response.statusCode).toBe(200)
      })

      it('rejects a lifetime over 3600 s', async () => {
        await expectOAuthError(assertion({ exp: nowSeconds() + 3601 }), 'invalid_grant', 'expired_grant')
      })

      it('rejects a wrong audience', async () => {
        await expectOAuthError(
          assertion({ aud: 'account-d.docusign.com' }),
          'invalid_grant',
          'no_valid_keys_or_signatures',
        )
      })

      it('rejects an audience with a scheme', async () => {
        await expectOAuthError(
          assertion({ aud: `https://${AUDIENCE}` }),
          'invalid_grant',
          'no_valid_keys_or_signatures',
        )
      })

      it('rejects an unknown issuer', async () => {
        await expectOAuthError(
          assertion({ iss: '5f1d6c1e-0000-4000-8000-000000000000' }),
          'invalid_grant',
          'issuer_not_found',
        )
      })

      it('rejects a disabled issuer', async () => {
        const disabled = await createIntegrationKey(service.ctx.db, { name: 'old' })
        await grantConsent(service.ctx.db, {
          userId,
          integrationKeyId: disabled.integrationKey.id,
          scopes: ['signature', 'impersonation'],
        })
        const jwt = jws(
          { alg: 'RS256' },
          claims({ iss: disabled.integrationKey.id }),
          rs256(disabled.privateKeyPem),
        )
        expect((await exchange(jwt)).statusCode).toBe(200)
        await setIntegrationKeyEnabled(service.ctx.db, disabled.integrationKey.id, false)
        const fresh = await startTestService(service.ctx.config.DATABASE_URL, {}, () => clock)
        try {
          const response = await fresh.app.inject({
            method: 'POST',
            url: '/oauth/token',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ grant_type: JWT_BEARER_GRANT_TYPE, assertion: jwt }).toString(),
          })
          expect(response.statusCode).toBe(400)
          expect(response.json()).toEqual({ error: 'invalid_grant', error_description: 'issuer_not_found' })
        } finally {
          await fresh.close()
        }
      })

      it('rejects an unknown user', async () => {
        await expectOAuthError(
          assertion({ sub: '11111111-2222-4333-8444-555555555555' }),
          'invalid_grant',
          'user_not_found',
        )
      })

      it('rejects an assertion without sub', async () => {
        await expectOAuthError(assertion({ sub: undefined }), 'invalid_grant', 'user_not_found')
      })

      it('rejects a user who has not consented', async () => {
        const stranger = await createUser(service.ctx.db, { name: 'Stranger', email: 's@example.test' })
        await expectOAuthError(assertion({ sub: stranger.id }), 'consent_required')
      })

      it('rejects scopes beyond the consent', async () => {
        await expectOAuthError(assertion({ scope: 'signature impersonation extended' }), 'consent_required')
      })

      it('rejects a scope without signature', async () => {
        await expectOAuthError(assertion({ scope: 'impersonation' }), 'invalid_grant', 'invalid_scope')
      })

      it('rejects a user token without impersonation', async () => {
        await expectOAuthError(assertion({ scope: 'signature' }), 'invalid_grant', 'invalid_scope')
      })

      it('rejects unknown scopes', async () => {
        await expectOAuthError(
          assertion({ scope: 'signature impersonation admin' }),
          'invalid_grant',
          'invalid_scope',
        )
      })

      it('rejects a tampered payload', async () => {
        const [header, , signature] = assertion().split('.')
        const other = await createUser(service.ctx.db, { name: 'Eve', email: 'eve@example.test' })
        await grantConsent(service.ctx.db, {
          userId: other.id,
          integrationKeyId: integrationKey,
          scopes: ['signature', 'impersonation'],
        })
        const tampered = `${header}.${b64url(JSON.stringify(claims({ sub: other.id })))}.${signature}`
        await expectOAuthError(tampered, 'invalid_grant', 'no_valid_keys_or_signatures')
      })

      it('rejects a signature by an unregistered key', async () => {
        const stranger = generateRsaKeyPair()
        await expectOAuthError(
          jws({ alg: 'RS256' }, claims(), rs256(stranger.privateKeyPem)),
          'invalid_grant',
          'no_valid_keys_or_signatures',
        )
      })

      it.each([
        ['not a JWT', 'garbage'],
        ['two segments', 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJ4In0'],
        ['a header that is not JSON', `${b64url('not json')}.${b64url('{}')}.c2ln`],
        ['a payload that is not JSON', `${b64url('{"alg":"RS256"}')}.${b64url('not json')}.c2ln`],
      ])('rejects a malformed assertion: %s', async (_name, jwt) => {
        await expectOAuthError(jwt, 'invalid_request')
      })

      it('rejects non-numeric time claims', async () => {
        await expectOAuthError(assertion({ exp: 'tomorrow' }), 'invalid_request')
      })

      it('rejects a wrong grant_type', async () => {
        const response = await requestToken({ grant_type: 'client_credentials', assertion: assertion() })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toMatchObject({ error: 'unsupported_grant_type' })
      })

      it('rejects a missing assertion', async () => {
        const response = await requestToken({ grant_type: JWT_BEARER_GRANT_TYPE })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({
          error: 'invalid_request',
          error_description: 'assertion is required',
        })
      })

      it('rejects a missing grant_type', async () => {
        const response = await requestToken({ assertion: assertion() })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({
          error: 'invalid_request',
          error_description: 'grant_type is required',
        })
      })

      it('rejects a JSON body instead of a form', async () => {
        const response = await service.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ grant_type: JWT_BEARER_GRANT_TYPE, assertion: assertion() }),
        })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toMatchObject({ error: 'invalid_request' })
        expect(response.headers['cache-control']).toBe('no-store')
      })

      it('rejects an empty body', async () => {
        const response = await service.app.inject({ method: 'POST', url: '/oauth/token' })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toMatchObject({ error: 'invalid_request' })
      })
    })
  })

  describe('GET /oauth/userinfo', () => {
    it('describes the user and their accounts', async () => {
      const token = (await exchange(assertion())).json().access_token
      const response = await service.app.inject({
        url: '/oauth/userinfo',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        sub: userId,
        name: 'Ada King Lovelace',
        given_name: 'Ada King',
        family_name: 'Lovelace',
        created: new Date(clock).toISOString(),
        email: 'ada@example.test',
        accounts: [
          {
            account_id: accountId,
            is_default: true,
            account_name: 'Acme',
            base_uri: 'https://localhost:8443',
          },
        ],
      })
    })

    it('accepts a bodiless GET that declares Content-Type: application/json', async () => {
      const token = (await exchange(assertion())).json().access_token
      const response = await service.app.inject({
        url: '/oauth/userinfo',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      })
      expect(response.statusCode).toBe(200)
    })

    it('returns 401 for an unknown token', async () => {
      const response = await service.app.inject({
        url: '/oauth/userinfo',
        headers: { authorization: 'Bearer nope' },
      })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ error: 'invalid_token' })
      expect(response.headers['www-authenticate']).toContain('invalid_token')
    })

    it('returns 401 without a token', async () => {
      expect((await service.app.inject({ url: '/oauth/userinfo' })).statusCode).toBe(401)
    })

    it('returns 401 for an expired token', async () => {
      const principal = await seedPrincipal(service.ctx)
      clock += 3601_000
      try {
        const response = await service.app.inject({ url: '/oauth/userinfo', headers: principal.headers })
        expect(response.statusCode).toBe(401)
      } finally {
        clock -= 3601_000
      }
    })
  })
})
