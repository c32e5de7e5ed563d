import { createPrivateKey, randomUUID, sign } from 'node:crypto'
import type { App } from 'platform'
import { buildApp } from '../app.js'
import { loadEnvelopeServiceConfig } from '../config.js'
import type { ServiceContext } from '../context.js'
import { formatPermissions, PERMISSIONS, type Permission } from '../identity/permissions.js'
import { issueAccessToken } from '../identity/tokens/service.js'

export interface TestService {
  app: App
  ctx: ServiceContext
  close(): Promise<void>
}

/** A fully built service on the given database URL, not listening (use `app.inject`), logging off. */
export async function startTestService(
  databaseUrl: string,
  env: Record<string, string> = {},
  now?: () => number,
): Promise<TestService> {
  const config = loadEnvelopeServiceConfig({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    PUBLIC_URL: 'https://localhost:8443',
    ...env,
  })
  const { app, ctx } = await buildApp(config, { logLevel: false, ...(now ? { now } : {}) })
  await app.ready()
  return { app, ctx, close: () => app.close() }
}

export interface TestPrincipal {
  accountId: string
  userId: string
  integrationKeyId: string
  accessToken: string
  headers: { authorization: string }
}

/**
 * Inserts an account, a user who is a member with the given permissions, an integration key with
 * consent, and issues an access token, bypassing the JWT grant (tested on its own).
 */
export async function seedPrincipal(
  ctx: ServiceContext,
  options: { permissions?: Permission[]; accountId?: string; hourlyLimit?: number; burstLimit?: number } = {},
): Promise<TestPrincipal> {
  const now = new Date(ctx.now()).toISOString()
  const accountId = options.accountId ?? randomUUID()
  const userId = randomUUID()
  const integrationKeyId = randomUUID()
  await ctx.db.transaction().execute(async (tx) => {
    if (!options.accountId) {
      await tx
        .insertInto('accounts')
        .values({
          id: accountId,
          name: 'Test Account',
          hourly_limit: options.hourlyLimit ?? 1_000_000,
          burst_limit: options.burstLimit ?? 1_000_000,
          created_at: now,
        })
        .execute()
    }
    await tx
      .insertInto('users')
      .values({ id: userId, name: 'Test User', email: `${userId}@example.test`, created_at: now })
      .execute()
    await tx
      .insertInto('memberships')
      .values({
        account_id: accountId,
        user_id: userId,
        permissions: formatPermissions(options.permissions ?? PERMISSIONS),
        is_default: 1,
        created_at: now,
      })
      .execute()
    await tx
      .insertInto('integration_keys')
      .values({ id: integrationKeyId, name: 'Test Key', enabled: 1, created_at: now })
      .execute()
    await tx
      .insertInto('consents')
      .values({
        user_id: userId,
        integration_key_id: integrationKeyId,
        scopes: 'signature impersonation',
        granted_at: now,
      })
      .execute()
  })
  const { accessToken } = await issueAccessToken(
    ctx.db,
    { userId, integrationKeyId, scopes: ['signature', 'impersonation'] },
    ctx.now(),
  )
  return {
    accountId,
    userId,
    integrationKeyId,
    accessToken,
    headers: { authorization: `Bearer ${accessToken}` },
  }
}

/**
 * An RS256 JWT bearer assertion as the DocuSign SDK builds it (iss, sub, aud, iat, exp, scope), valid
 * for an hour from `now` unless claims override it.
 */
export function signTestAssertion(
  privateKeyPem: string,
  claims: { iss: string; sub: string; aud: string } & Record<string, unknown>,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000)
  const payload = { iat, exp: iat + 3600, scope: 'signature impersonation', ...claims }
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const input = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(payload)}`
  const signature = sign('sha256', Buffer.from(input), createPrivateKey(privateKeyPem)).toString('base64url')
  return `${input}.${signature}`
}

/** A TCP port that was free a moment ago on 127.0.0.1, for services that must know their port before listening. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
