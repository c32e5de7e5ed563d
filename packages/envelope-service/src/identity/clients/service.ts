import { hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { InvalidRequestError, NotFoundError } from 'platform'
import type { DbOrTx } from '../../database.js'
import { INKWELL_APP_CLIENT_ID, INKWELL_APP_NAME } from '../first-party.js'
import { findIntegrationKey } from '../repository.js'
import { ensureClient, insertRedirectUri, insertSecret, listSecrets } from './repository.js'

const iso = (now: number) => new Date(now).toISOString()
const hashSecret = (secret: string) => hash('sha256', secret, 'base64url')

/** Seeds the first-party web app's public client; a no-op once it exists. */
export async function ensureFirstPartyClient(db: DbOrTx): Promise<void> {
  await ensureClient(db, {
    id: INKWELL_APP_CLIENT_ID,
    name: INKWELL_APP_NAME,
    kind: 'public',
    createdAt: iso(0),
  })
}

/**
 * Adds a secret key to an integration key and returns it, once: only its SHA-256 is stored (a secret key
 * is 256 random bits, so a fast hash is enough; there is nothing to guess).
 */
export async function addSecretKey(
  db: DbOrTx,
  integrationKeyId: string,
  now = Date.now(),
): Promise<{ secretId: string; secretKey: string; createdAt: string }> {
  if (!(await findIntegrationKey(db, integrationKeyId))) {
    throw new NotFoundError(`Integration key ${integrationKeyId} not found`)
  }
  const secretKey = randomBytes(32).toString('base64url')
  const secret = {
    id: randomUUID(),
    integrationKeyId,
    secretHash: hashSecret(secretKey),
    createdAt: iso(now),
  }
  await insertSecret(db, secret)
  return { secretId: secret.id, secretKey, createdAt: secret.createdAt }
}

/** True when `secretKey` is one of the integration key's secret keys. */
export async function secretKeyMatches(
  db: DbOrTx,
  integrationKeyId: string,
  secretKey: string,
): Promise<boolean> {
  const given = Buffer.from(hashSecret(secretKey))
  const secrets = await listSecrets(db, integrationKeyId)
  return secrets.some((secret) => {
    const stored = Buffer.from(secret.secretHash)
    return stored.length === given.length && timingSafeEqual(stored, given)
  })
}

/**
 * A redirect URI as registered: absolute http(s), no fragment (RFC 6749 3.1.2). Plain http is accepted
 * for any host, as DocuSign's developer accounts accept http://localhost callbacks.
 */
export function parseRedirectUri(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidRequestError('redirectUri must be an absolute URL')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InvalidRequestError('redirectUri must be an http or https URL')
  }
  if (url.hash !== '') throw new InvalidRequestError('redirectUri must not have a fragment')
  return url.toString()
}

export async function addRedirectUri(
  db: DbOrTx,
  integrationKeyId: string,
  redirectUri: string,
  now = Date.now(),
): Promise<string> {
  const uri = parseRedirectUri(redirectUri)
  if (!(await findIntegrationKey(db, integrationKeyId))) {
    throw new NotFoundError(`Integration key ${integrationKeyId} not found`)
  }
  await insertRedirectUri(db, { integrationKeyId, redirectUri: uri, createdAt: iso(now) })
  return uri
}
