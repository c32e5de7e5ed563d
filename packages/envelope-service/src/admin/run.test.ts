import { spawnSync } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateRsaKeyPair } from '../identity/keys.js'
import { listPublicKeyPems } from '../identity/repository.js'
import { signIn } from '../identity/users/sign-in.js'
import { signTestAssertion, startTestService, type TestService } from '../testing/harness.js'
import { runCli } from './run.js'

const PUBLIC_URL = 'https://localhost:8443'

async function run(argv: string[], env: Record<string, string>) {
  const out: string[] = []
  const err: string[] = []
  const status = await runCli(argv, env, { out: (text) => out.push(text), err: (text) => err.push(text) })
  return { status, stdout: out.join('\n'), stderr: err.join('\n') }
}

async function json(argv: string[], env: Record<string, string>) {
  const result = await run([...argv, '--json'], env)
  expect(result.stderr).toBe('')
  expect(result.status).toBe(0)
  return JSON.parse(result.stdout)
}

describeEachDatabase('admin CLI', (databases) => {
  let directory: string
  let env: Record<string, string>
  let service: TestService

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'admin-cli-'))
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

  const exchange = (assertion: string) =>
    service.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
    })

  it('sets up an account, a member and an integration key whose private key obtains a token', async () => {
    const account = await json(
      ['create-account', '--name', 'Acme', '--hourly-limit', '5000', '--burst-limit', '200'],
      env,
    )
    expect(account).toEqual({
      accountId: expect.any(String),
      name: 'Acme',
      hourlyLimit: 5000,
      burstLimit: 200,
    })
    const user = await json(['create-user', '--name', 'Ada Lovelace', '--email', 'ada@example.test'], env)
    const member = await json(
      [
        'add-member',
        '--account',
        account.accountId,
        '--user',
        user.userId,
        '--permissions',
        'send_envelopes,manage_templates',
        '--default',
      ],
      env,
    )
    expect(member).toEqual({
      accountId: account.accountId,
      userId: user.userId,
      permissions: 'manage_templates,send_envelopes',
      isDefault: true,
    })
    const key = await json(['create-integration-key', '--name', 'CRM'], env)
    expect(key.privateKeyPem).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/)
    const consent = await json(
      [
        'grant-consent',
        '--user',
        user.userId,
        '--integration-key',
        key.integrationKey,
        '--scopes',
        'signature impersonation',
      ],
      env,
    )
    expect(consent.scopes).toBe('impersonation signature')

    const response = await exchange(
      signTestAssertion(key.privateKeyPem, {
        iss: key.integrationKey,
        sub: user.userId,
        aud: 'localhost:8443',
      }),
    )
    expect(response.statusCode).toBe(200)
    const userinfo = await service.app.inject({
      url: '/oauth/userinfo',
      headers: { authorization: `Bearer ${response.json().access_token}` },
    })
    expect(userinfo.json().accounts).toEqual([
      { account_id: account.accountId, is_default: true, account_name: 'Acme', base_uri: PUBLIC_URL },
    ])
  })

  it('prints plain text without --json', async () => {
    const result = await run(['create-account', '--name', 'Plain'], env)
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(
      /^accountId: [0-9a-f-]{36}\nname: Plain\nhourlyLimit: 3000\nburstLimit: 500$/,
    )
  })

  it('registers another public key from a file', async () => {
    const key = await json(['create-integration-key', '--name', 'Rotating'], env)
    const file = join(directory, 'public.pem')
    writeFileSync(file, generateRsaKeyPair().publicKeyPem)
    const added = await json(['add-public-key', '--integration-key', key.integrationKey, '--file', file], env)
    expect(added).toEqual({ integrationKey: key.integrationKey, publicKeyId: expect.any(Number) })
    expect(await listPublicKeyPems(service.ctx.db, key.integrationKey)).toHaveLength(2)
  })

  describe('usage errors exit with status 2', () => {
    it.each([
      [['create-account'], '--name is required'],
      [
        ['create-account', '--name', 'x', '--hourly-limit', 'lots'],
        '--hourly-limit must be a positive integer',
      ],
      [['create-account', '--name', 'x', '--color', 'red'], "Unknown option '--color'"],
      [['create-user', '--name', 'x', '--email', 'x@example.test', 'extra'], 'unexpected argument "extra"'],
      [['add-public-key', '--integration-key', 'k', '--file', '/nonexistent/key.pem'], 'cannot read --file'],
      [['frobnicate'], 'Unknown command "frobnicate"'],
    ])('%j', async (argv, message) => {
      const result = await run(argv, env)
      expect(result.status).toBe(2)
      expect(result.stderr).toContain(message)
      expect(result.stdout).toBe('')
    })
  })

  describe('refused commands exit with status 1', () => {
    it.each([
      [
        ['add-member', '--account', 'nope', '--user', 'nope', '--permissions', 'administer'],
        'Account nope not found',
      ],
      [['add-member', '--account', 'a', '--user', 'u', '--permissions', 'fly'], 'Unknown permission fly'],
      [['create-user', '--name', 'x', '--email', 'not-an-email'], 'email must be an email address'],
      [
        ['grant-consent', '--user', 'u', '--integration-key', 'k', '--scopes', 'signature admin'],
        'Unknown scope admin',
      ],
    ])('%j', async (argv, message) => {
      const result = await run(argv, env)
      expect(result.status).toBe(1)
      expect(result.stderr).toContain(message)
    })
  })

  it('shows help', async () => {
    const result = await run(['help'], env)
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('bootstrap')
    expect((await run(['help', 'dev-cert'], env)).stdout).toContain('dev-cert --out <directory>')
  })

  describe('bootstrap', () => {
    it('creates the demo and is idempotent, reusing the saved private key', async () => {
      const first = await json(['bootstrap'], env)
      expect(first).toMatchObject({
        accountId: expect.any(String),
        userId: expect.any(String),
        integrationKey: expect.any(String),
        privateKeyPem: expect.stringContaining('PRIVATE KEY'),
        authHost: 'localhost:8443',
        baseUri: `${PUBLIC_URL}/restapi`,
      })
      expect(first.templates).toHaveLength(3)
      expect(first.demoUser).toEqual({ email: 'demo.user@inkwell.example', password: expect.any(String) })
      expect(
        await signIn(service.ctx.db, first.demoUser.email, first.demoUser.password, Date.now()),
      ).toMatchObject({
        kind: 'signed-in',
        userId: first.userId,
      })
      expect(statSync(env.DEMO_CREDENTIALS_FILE as string).mode & 0o777).toBe(0o600)
      const second = await json(['bootstrap'], env)
      expect(second).toEqual(first)
      expect(await listPublicKeyPems(service.ctx.db, first.integrationKey)).toHaveLength(1)

      const token = await exchange(
        signTestAssertion(first.privateKeyPem, {
          iss: first.integrationKey,
          sub: first.userId,
          aud: first.authHost,
        }),
      )
      expect(token.statusCode).toBe(200)
      const accessToken = token.json().access_token
      const templates = await service.app.inject({
        url: `/restapi/v2.1/accounts/${first.accountId}/templates`,
        headers: { authorization: `Bearer ${accessToken}` },
      })
      expect(templates.statusCode).toBe(200)
      expect(templates.json().totalSetSize).toBe('3')
    })

    it('adds a fresh key pair to the same integration key when the credentials file is gone', async () => {
      const before = JSON.parse(readFileSync(env.DEMO_CREDENTIALS_FILE as string, 'utf8'))
      rmSync(env.DEMO_CREDENTIALS_FILE as string)
      const after = await json(['bootstrap'], env)
      expect(after).toMatchObject({
        accountId: before.accountId,
        userId: before.userId,
        integrationKey: before.integrationKey,
        templates: before.templates,
      })
      expect(after.privateKeyPem).not.toBe(before.privateKeyPem)
      expect(await listPublicKeyPems(service.ctx.db, after.integrationKey)).toHaveLength(2)
      const token = await exchange(
        signTestAssertion(after.privateKeyPem, {
          iss: after.integrationKey,
          sub: after.userId,
          aud: after.authHost,
        }),
      )
      expect(token.statusCode).toBe(200)
    })
  })
})

describe('admin dev-cert', () => {
  it('writes a CA and a server certificate for localhost, 127.0.0.1 and ::1 signed by it', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'dev-cert-'))
    try {
      const result = await run(['dev-cert', '--out', directory, '--json'], {})
      expect(result.status).toBe(0)
      const paths = JSON.parse(result.stdout)
      const ca = new X509Certificate(readFileSync(paths.caCert))
      const server = new X509Certificate(readFileSync(paths.serverCert))
      expect(ca.ca).toBe(true)
      expect(server.ca).toBe(false)
      expect(server.verify(ca.publicKey)).toBe(true)
      expect(server.checkIssued(ca)).toBe(true)
      expect(server.checkHost('localhost')).toBe('localhost')
      expect(server.checkIP('127.0.0.1')).toBe('127.0.0.1')
      expect(server.checkIP('::1')).toBe('::1')
      expect(
        server.checkPrivateKey((await import('node:crypto')).createPrivateKey(readFileSync(paths.serverKey))),
      ).toBe(true)
      expect(statSync(paths.serverKey).mode & 0o777).toBe(0o600)
    } finally {
      rmSync(directory, { recursive: true, force: true })
    }
  })
})

describe('admin CLI process', () => {
  const packageRoot = resolve(fileURLToPath(import.meta.url), '../../..')
  const tsx = resolve(packageRoot, '../../node_modules/.bin/tsx')

  it('runs as a real process: output on stdout, status 0, and 2 for a usage error', () => {
    const directory = mkdtempSync(join(tmpdir(), 'admin-process-'))
    try {
      const env = { ...process.env, DATABASE_URL: `sqlite:${join(directory, 'e.db')}` }
      const ok = spawnSync(
        tsx,
        ['src/admin/cli.ts', 'create-user', '--name', 'Proc', '--email', 'p@example.test', '--json'],
        {
          cwd: packageRoot,
          env,
          encoding: 'utf8',
        },
      )
      expect(ok.status).toBe(0)
      expect(JSON.parse(ok.stdout)).toMatchObject({ name: 'Proc', email: 'p@example.test' })
      const bad = spawnSync(tsx, ['src/admin/cli.ts', 'create-user'], {
        cwd: packageRoot,
        env,
        encoding: 'utf8',
      })
      expect(bad.status).toBe(2)
      expect(bad.stderr).toContain('--name is required')
    } finally {
      rmSync(directory, { recursive: true, force: true })
    }
  })
})
