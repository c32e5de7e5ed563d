import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ACCESS_CACHE_TTL_MS } from '../identity/access-cache.js'
import { newSecret, recoveryCodeHash, stepAt } from '../identity/second-factor/codes.js'
import {
  acceptStep,
  countUnusedRecoveryCodes,
  hasSecondFactor,
  replaceRecoveryCodes,
  storePendingSecret,
} from '../identity/second-factor/repository.js'
import { issueAccessToken } from '../identity/tokens/service.js'
import {
  seedPrincipal,
  signTestAssertion,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../testing/harness.js'
import { runCli } from './run.js'

const PUBLIC_URL = 'https://localhost:8443'

/**
 * Two service instances on one database, as several processes would run, each with its own caches
 * and a shared, movable clock. Access is withdrawn with the CLI (a third client of the database);
 * the instance that cached the old decision must refuse once the documented cache time has passed.
 */
describeEachDatabase('withdrawing access from the admin CLI', (databases) => {
  let directory: string
  let env: Record<string, string>
  let first: TestService
  let second: TestService
  let clock = Date.now()
  const now = () => clock

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'admin-access-'))
    env = {
      DATABASE_URL: await databases.freshUrl(),
      PUBLIC_URL,
      DEMO_CREDENTIALS_FILE: join(directory, 'demo-credentials.json'),
    }
    first = await startTestService(env.DATABASE_URL as string, {}, now)
    second = await startTestService(env.DATABASE_URL as string, {}, now)
  })
  afterAll(async () => {
    await first.close()
    await second.close()
    rmSync(directory, { recursive: true, force: true })
  })
  beforeEach(() => {
    clock += 60 * 60_000
  })

  async function cli(...argv: string[]) {
    const out: string[] = []
    const err: string[] = []
    const status = await runCli(
      argv,
      env,
      { out: (text) => out.push(text), err: (text) => err.push(text) },
      now,
    )
    return { status, stdout: out.join('\n'), stderr: err.join('\n') }
  }
  async function cliJson(...argv: string[]) {
    const result = await cli(...argv, '--json')
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    return JSON.parse(result.stdout)
  }

  const readAccount = (service: TestService, principal: { accountId: string; accessToken: string }) =>
    service.app.inject({
      url: `/restapi/v2.1/accounts/${principal.accountId}`,
      headers: { authorization: `Bearer ${principal.accessToken}` },
    })

  /** Both instances have served (and cached) the principal's token and membership. */
  async function warm(principal: TestPrincipal) {
    expect((await readAccount(first, principal)).statusCode).toBe(200)
    expect((await readAccount(second, principal)).statusCode).toBe(200)
  }

  const tokensOf = async (userId: string) =>
    (
      await first.ctx.db
        .selectFrom('access_tokens')
        .select('token_hash')
        .where('user_id', '=', userId)
        .execute()
    ).length

  it('revoke-tokens --user: every token of the user is deleted and refused after the cache time', async () => {
    const alice = await seedPrincipal(first.ctx)
    const bystander = await seedPrincipal(first.ctx)
    await warm(alice)
    expect(await cliJson('revoke-tokens', '--user', alice.userId)).toEqual({
      userId: alice.userId,
      revokedTokens: 1,
    })
    expect(await tokensOf(alice.userId)).toBe(0)
    expect(await tokensOf(bystander.userId)).toBe(1)
    clock += ACCESS_CACHE_TTL_MS
    for (const service of [first, second]) {
      const response = await readAccount(service, alice)
      expect(response.statusCode).toBe(401)
      expect(response.json().errorCode).toBe('USER_AUTHENTICATION_FAILED')
    }
    expect((await readAccount(second, bystander)).statusCode).toBe(200)
  })

  it('remove-member: the user is refused with 403 after the cache time; the default passes on', async () => {
    const alice = await seedPrincipal(first.ctx)
    const other = await seedPrincipal(first.ctx)
    await cliJson(
      'add-member',
      '--account',
      other.accountId,
      '--user',
      alice.userId,
      '--permissions',
      'administer',
    )
    await warm(alice)
    expect(await cliJson('remove-member', '--account', alice.accountId, '--user', alice.userId)).toEqual({
      accountId: alice.accountId,
      userId: alice.userId,
      defaultAccountId: other.accountId,
    })
    const memberships = await first.ctx.db
      .selectFrom('memberships')
      .select(['account_id', 'is_default'])
      .where('user_id', '=', alice.userId)
      .execute()
    expect(memberships).toEqual([{ account_id: other.accountId, is_default: 1 }])
    clock += ACCESS_CACHE_TTL_MS
    const refused = await readAccount(second, alice)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().errorCode).toBe('USER_LACKS_PERMISSIONS')
    expect((await readAccount(second, { ...alice, accountId: other.accountId })).statusCode).toBe(200)
  })

  it('disable-integration-key: tokens and grants are refused, including a token minted meanwhile', async () => {
    const created = await cliJson('create-integration-key', '--name', 'Partner')
    const alice = await seedPrincipal(first.ctx)
    await cliJson(
      'grant-consent',
      '--user',
      alice.userId,
      '--integration-key',
      created.integrationKey,
      '--scopes',
      'signature impersonation',
    )
    const assertion = () =>
      signTestAssertion(
        created.privateKeyPem,
        { iss: created.integrationKey, sub: alice.userId, aud: 'localhost:8443' },
        clock,
      )
    const granted = await grant(second, assertion())
    expect(granted.statusCode, granted.body).toBe(200)
    const viaKey = { ...alice, accessToken: granted.json().access_token as string }
    await warm(viaKey)

    expect(await cliJson('disable-integration-key', '--integration-key', created.integrationKey)).toEqual({
      integrationKey: created.integrationKey,
      enabled: false,
      revokedTokens: 1,
    })
    // A grant that was already past its checks when the key was disabled still stores its token.
    const inFlight = await issueAccessToken(
      first.ctx.db,
      {
        userId: alice.userId,
        integrationKeyId: created.integrationKey,
        scopes: ['signature', 'impersonation'],
      },
      clock,
    )
    clock += ACCESS_CACHE_TTL_MS
    expect((await readAccount(second, viaKey)).statusCode).toBe(401)
    expect((await readAccount(second, { ...alice, accessToken: inFlight.accessToken })).statusCode).toBe(401)
    const refusedGrant = await grant(second, assertion())
    expect(refusedGrant.json()).toEqual({ error: 'invalid_grant', error_description: 'issuer_not_found' })
    expect((await readAccount(second, alice)).statusCode).toBe(200)

    expect(await cliJson('enable-integration-key', '--integration-key', created.integrationKey)).toEqual({
      integrationKey: created.integrationKey,
      enabled: true,
    })
    expect((await grant(second, assertion())).statusCode).toBe(200)
  })

  it('revoke-consent: the tokens issued on that consent go, and a new grant needs consent again', async () => {
    const created = await cliJson('create-integration-key', '--name', 'Consented app')
    const alice = await seedPrincipal(first.ctx)
    await cliJson(
      'grant-consent',
      '--user',
      alice.userId,
      '--integration-key',
      created.integrationKey,
      '--scopes',
      'signature,impersonation',
    )
    const assertion = signTestAssertion(
      created.privateKeyPem,
      { iss: created.integrationKey, sub: alice.userId, aud: 'localhost:8443' },
      clock,
    )
    const viaApp = { ...alice, accessToken: (await grant(first, assertion)).json().access_token as string }
    await warm(viaApp)
    expect(
      await cliJson('revoke-consent', '--user', alice.userId, '--integration-key', created.integrationKey),
    ).toEqual({ userId: alice.userId, integrationKey: created.integrationKey, revokedTokens: 1 })
    const consents = await first.ctx.db
      .selectFrom('consents')
      .select('integration_key_id')
      .where('user_id', '=', alice.userId)
      .execute()
    expect(consents).toEqual([{ integration_key_id: alice.integrationKeyId }])
    clock += ACCESS_CACHE_TTL_MS
    expect((await readAccount(second, viaApp)).statusCode).toBe(401)
    expect((await readAccount(second, alice)).statusCode).toBe(200)
    expect((await grant(second, assertion)).json().error).toBe('consent_required')
  })

  it('reset-two-step-sign-in: the user signs in with the password alone again', async () => {
    const alice = await seedPrincipal(first.ctx)
    const db = first.ctx.db
    await storePendingSecret(db, alice.userId, newSecret(), clock)
    await acceptStep(db, alice.userId, stepAt(clock), { confirmAt: clock })
    await replaceRecoveryCodes(db, alice.userId, [recoveryCodeHash('ABCDE-FGHJK') as string])
    expect(await hasSecondFactor(db, alice.userId)).toBe(true)
    expect(await cliJson('reset-two-step-sign-in', '--user', alice.userId)).toEqual({
      userId: alice.userId,
      wasOn: true,
    })
    expect(await hasSecondFactor(db, alice.userId)).toBe(false)
    expect(await countUnusedRecoveryCodes(db, alice.userId)).toBe(0)
    expect(await cliJson('reset-two-step-sign-in', '--user', alice.userId)).toEqual({
      userId: alice.userId,
      wasOn: false,
    })
    expect((await cli('reset-two-step-sign-in', '--user', 'nobody')).status).toBe(1)
  })

  describe('refusals', () => {
    it('exit with status 1 for what does not exist, 2 for missing flags', async () => {
      const alice = await seedPrincipal(first.ctx)
      const other = await seedPrincipal(first.ctx)
      const notMember = await cli('remove-member', '--account', other.accountId, '--user', alice.userId)
      expect(notMember).toMatchObject({
        status: 1,
        stderr: expect.stringContaining('is not a member of account'),
      })
      expect((await cli('disable-integration-key', '--integration-key', 'nope')).status).toBe(1)
      expect((await cli('enable-integration-key', '--integration-key', 'nope')).status).toBe(1)
      expect((await cli('revoke-consent', '--user', alice.userId, '--integration-key', 'nope')).status).toBe(
        1,
      )
      expect((await cli('revoke-tokens', '--user', 'nobody')).status).toBe(1)
      expect((await cli('revoke-tokens', '--user', alice.userId, '--integration-key', 'nope')).status).toBe(1)
      expect(await tokensOf(alice.userId)).toBe(1)
      const usage = await cli('remove-member', '--account', other.accountId)
      expect(usage).toMatchObject({ status: 2, stderr: expect.stringContaining('--user is required') })
    })
  })

  const grant = (service: TestService, assertion: string) =>
    service.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
    })
})

describeEachDatabase('admin CLI token', (databases) => {
  let directory: string
  let env: Record<string, string>
  let service: TestService

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'admin-token-'))
    env = {
      DATABASE_URL: await databases.freshUrl(),
      PUBLIC_URL,
      DEMO_CREDENTIALS_FILE: join(directory, 'demo-credentials.json'),
    }
    service = await startTestService(env.DATABASE_URL as string)
  })
  afterAll(async () => {
    await service.close()
    rmSync(directory, { recursive: true, force: true })
  })

  async function cli(...argv: string[]) {
    const out: string[] = []
    const err: string[] = []
    const status = await runCli(argv, env, { out: (text) => out.push(text), err: (text) => err.push(text) })
    return { status, stdout: out.join('\n'), stderr: err.join('\n') }
  }

  it('asks for --user until the bootstrap has made a demo user', async () => {
    const result = await cli('token')
    expect(result).toMatchObject({ status: 2, stderr: expect.stringContaining('run bootstrap first') })
  })

  it('issues a one-hour token for the demo user that the REST API accepts (--json)', async () => {
    expect((await cli('bootstrap')).status).toBe(0)
    const result = await cli('token', '--json')
    expect(result.status, result.stderr).toBe(0)
    const printed = JSON.parse(result.stdout)
    const demoUser = await service.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo.user@inkwell.example')
      .executeTakeFirstOrThrow()
    const demoAccount = await service.ctx.db
      .selectFrom('memberships')
      .select('account_id')
      .where('user_id', '=', demoUser.id)
      .executeTakeFirstOrThrow()
    expect(printed).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_in: 3600,
      accountId: demoAccount.account_id,
      baseUri: `${PUBLIC_URL}/restapi`,
    })
    const response = await service.app.inject({
      url: `/restapi/v2.1/accounts/${printed.accountId}/templates`,
      headers: { authorization: `Bearer ${printed.access_token}` },
    })
    expect(response.statusCode, response.body).toBe(200)
    const stored = await service.ctx.db
      .selectFrom('access_tokens')
      .select(['expires_at', 'created_at'])
      .where('user_id', '=', demoUser.id)
      .where('integration_key_id', '=', 'operator-cli')
      .execute()
    expect(stored).toHaveLength(1)
    const [row] = stored as [{ expires_at: number; created_at: string }]
    expect(Number(row.expires_at) - Date.parse(row.created_at)).toBe(3_600_000)
  })

  it('issues for --user on --account, refusing an account the user does not belong to', async () => {
    const alice = await seedPrincipal(service.ctx)
    const other = await seedPrincipal(service.ctx)
    const text = await cli('token', '--user', alice.userId, '--account', alice.accountId)
    expect(text.status).toBe(0)
    expect(text.stdout).toMatch(/^access_token: \S+\nexpires_in: 3600\naccountId: \S+\nbaseUri: \S+$/)
    const token = /access_token: (\S+)/.exec(text.stdout)?.[1] as string
    const ok = await service.app.inject({
      url: `/restapi/v2.1/accounts/${alice.accountId}`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(ok.statusCode).toBe(200)
    const refused = await cli('token', '--user', alice.userId, '--account', other.accountId)
    expect(refused).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('is not a member of account'),
    })
    expect((await cli('token', '--user', 'nobody')).status).toBe(1)
  })

  it('is revoked by revoke-tokens --user', async () => {
    const alice = await seedPrincipal(service.ctx)
    const printed = JSON.parse((await cli('token', '--user', alice.userId, '--json')).stdout)
    expect((await cli('revoke-tokens', '--user', alice.userId)).status).toBe(0)
    const refused = await service.app.inject({
      url: `/restapi/v2.1/accounts/${printed.accountId}`,
      headers: { authorization: `Bearer ${printed.access_token}` },
    })
    expect(refused.statusCode).toBe(401)
  })
})
