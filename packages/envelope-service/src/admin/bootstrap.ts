import { createPublicKey } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { CONNECT_EVENT_DATA_VERSION } from 'esign-contract'
import { generatePassword, verifyPassword } from 'platform'
import { insertConfiguration, listConfigurations } from '../connect/repository.js'
import { generateHmacSecret } from '../connect/service.js'
import type { Db } from '../database.js'
import { bareHost } from '../identity/hosts.js'
import { generateRsaKeyPair } from '../identity/keys.js'
import { PERMISSIONS } from '../identity/permissions.js'
import {
  findAccount,
  findAccountByName,
  findIntegrationKey,
  findIntegrationKeyByName,
  findUser,
  findUserByEmail,
  listPublicKeyPems,
} from '../identity/repository.js'
import {
  addMember,
  addPublicKey,
  createAccount,
  createIntegrationKey,
  createUser,
  grantConsent,
} from '../identity/service.js'
import { findPasswordHash } from '../identity/users/repository.js'
import { setPassword } from '../identity/users/sign-in.js'
import {
  ensureDemoTemplates,
  SERVICE_COORDINATOR_ROLE,
  SIGNING_RECIPIENT_ROLE,
} from '../templates/demo-templates.js'

export const DEMO_ACCOUNT_NAME = 'Demo Account'
export const DEMO_USER = { name: 'Demo User', email: 'demo.user@inkwell.example' }
export const DEMO_INTEGRATION_KEY_NAME = 'Demo Integration'
export const DEMO_SCOPES = ['signature', 'impersonation']

/** Everything a client needs to call the demo account, as printed and as stored in the credentials file. */
export interface DemoCredentials {
  accountId: string
  userId: string
  integrationKey: string
  privateKeyPem: string
  /** Bare `host[:port]` of the identity host: the SDK's OAuth base path and the JWT audience. */
  authHost: string
  /** The SDK's REST base path (ends with /restapi). */
  baseUri: string
  /** The demo templates with the role names an envelope's recipients must use to fill their roles. */
  templates: { templateId: string; name: string; roleNames: string[] }[]
  /** The Connect configuration that publishes the demo account's envelope events to a local receiver. */
  webhook?: { connectId: string; url: string; secret: string }
  /** The demo user's sign-in for the web app (`/oauth/auth`): password generated on first start, kept here. */
  demoUser: { email: string; password: string }
}

export interface BootstrapOptions {
  publicUrl: string
  /** Where the credentials are kept between runs: the private key cannot be recovered from the database. */
  credentialsFile: string
  /**
   * Publish the demo account's envelope events here (the automation console's listener under
   * `npm start`), signed with an HMAC secret that the credentials file keeps.
   */
  webhookUrl?: string
  now?: number
}

/**
 * Idempotently sets up the demo: account, user (member with every permission), integration key with
 * consent, and the demo templates. Re-running reuses everything, including the private key kept in
 * the credentials file; without a usable file, a fresh key pair is added to the same integration key.
 */
export async function bootstrapDemo(db: Db, options: BootstrapOptions): Promise<DemoCredentials> {
  const now = options.now ?? Date.now()
  const saved = readSavedCredentials(options.credentialsFile)

  const account =
    (saved && (await findAccount(db, saved.accountId))) ??
    (await findAccountByName(db, DEMO_ACCOUNT_NAME)) ??
    (await createAccount(db, { name: DEMO_ACCOUNT_NAME }, now))
  const user =
    (saved && (await findUser(db, saved.userId))) ??
    (await findUserByEmail(db, DEMO_USER.email)) ??
    (await createUser(db, DEMO_USER, now))
  await addMember(
    db,
    { accountId: account.id, userId: user.id, permissions: [...PERMISSIONS], isDefault: true },
    now,
  )

  const { integrationKeyId, privateKeyPem } = await ensureDemoIntegrationKey(db, saved, now)
  await grantConsent(db, { userId: user.id, integrationKeyId, scopes: DEMO_SCOPES }, now)
  const templates = await ensureDemoTemplates(db, { accountId: account.id, userId: user.id }, now)
  const demoUser = await ensureDemoPassword(db, user.id, saved?.demoUser?.password)

  const credentials: DemoCredentials = {
    accountId: account.id,
    userId: user.id,
    integrationKey: integrationKeyId,
    privateKeyPem,
    demoUser: { email: user.email, password: demoUser },
    authHost: bareHost(options.publicUrl),
    baseUri: `${options.publicUrl}/restapi`,
    // Every demo template has the same two roles (demo-templates.ts).
    templates: templates.map((template) => ({
      ...template,
      roleNames: [SIGNING_RECIPIENT_ROLE, SERVICE_COORDINATOR_ROLE],
    })),
    ...(options.webhookUrl
      ? {
          webhook: await ensureDemoWebhook(
            db,
            { accountId: account.id, userId: user.id },
            options.webhookUrl,
            now,
          ),
        }
      : {}),
  }
  saveCredentials(options.credentialsFile, credentials)
  return credentials
}

export const DEMO_WEBHOOK_NAME = 'Automation console'

/** The demo account's Connect configuration for the local automation console, created once. */
async function ensureDemoWebhook(
  db: Db,
  owner: { accountId: string; userId: string },
  url: string,
  now: number,
): Promise<{ connectId: string; url: string; secret: string }> {
  const existing = (await listConfigurations(db, owner.accountId)).find(
    (configuration) => configuration.name === DEMO_WEBHOOK_NAME && configuration.urlToPublishTo === url,
  )
  const configuration =
    existing ??
    (await insertConfiguration(
      db,
      owner.accountId,
      owner.userId,
      {
        name: DEMO_WEBHOOK_NAME,
        urlToPublishTo: url,
        events: [
          'envelope-sent',
          'envelope-delivered',
          'envelope-completed',
          'envelope-declined',
          'envelope-voided',
        ],
        allUsers: true,
        userIds: [],
        includeHMAC: true,
        eventData: {
          version: CONNECT_EVENT_DATA_VERSION,
          format: 'json',
          includeData: ['custom_fields', 'recipients'],
        },
        enabled: true,
        configurationType: 'custom',
        deliveryMode: 'SIM',
      },
      [generateHmacSecret()],
      new Date(now).toISOString(),
    ))
  return { connectId: configuration.connectId, url, secret: configuration.hmacSecrets[0]!.secret }
}

async function ensureDemoIntegrationKey(
  db: Db,
  saved: DemoCredentials | undefined,
  now: number,
): Promise<{ integrationKeyId: string; privateKeyPem: string }> {
  const existing =
    (saved && (await findIntegrationKey(db, saved.integrationKey))) ??
    (await findIntegrationKeyByName(db, DEMO_INTEGRATION_KEY_NAME))
  if (!existing) {
    const created = await createIntegrationKey(db, { name: DEMO_INTEGRATION_KEY_NAME }, now)
    return { integrationKeyId: created.integrationKey.id, privateKeyPem: created.privateKeyPem }
  }
  if (saved && saved.integrationKey === existing.id) {
    const registered = new Set(await listPublicKeyPems(db, existing.id))
    if (registered.has(publicHalf(saved.privateKeyPem))) {
      return { integrationKeyId: existing.id, privateKeyPem: saved.privateKeyPem }
    }
  }
  const pair = generateRsaKeyPair()
  await addPublicKey(db, { integrationKeyId: existing.id, publicKeyPem: pair.publicKeyPem }, now)
  return { integrationKeyId: existing.id, privateKeyPem: pair.privateKeyPem }
}

const publicHalf = (privateKeyPem: string) =>
  createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }) as string

/** The saved credentials, or undefined when the file is missing or unusable (then new ones are made). */
/**
 * The demo user's password: the kept one when it still signs in, else a new one (first start, or a file
 * from before passwords). Checking costs one scrypt hash per start.
 */
async function ensureDemoPassword(db: Db, userId: string, kept: string | undefined): Promise<string> {
  const stored = await findPasswordHash(db, userId)
  if (kept && stored && (await verifyPassword(kept, stored))) return kept
  const password = generatePassword()
  await setPassword(db, userId, password)
  return password
}

function readSavedCredentials(file: string): DemoCredentials | undefined {
  const path = resolve(file)
  if (!existsSync(path)) return undefined
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<DemoCredentials>
    const fields = [parsed.accountId, parsed.userId, parsed.integrationKey, parsed.privateKeyPem]
    if (!fields.every((field) => typeof field === 'string' && field !== '')) return undefined
    publicHalf(parsed.privateKeyPem as string)
    return parsed as DemoCredentials
  } catch {
    return undefined
  }
}

function saveCredentials(file: string, credentials: DemoCredentials): void {
  const path = resolve(file)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 })
  chmodSync(path, 0o600)
}
