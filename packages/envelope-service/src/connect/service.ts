import { randomBytes } from 'node:crypto'
import { CONNECT_EVENT_DATA_VERSION } from 'esign-contract'
import { InvalidRequestError, NotFoundError } from 'platform'
import type { DbOrTx } from '../database.js'
import { checkPublishUrl } from '../network/url-policy.js'
import { eventsFromLegacyBody } from './legacy-events.js'
import {
  type ConnectConfiguration,
  type ConnectEvent,
  type ConnectSettings,
  type HmacSecret,
  MAX_HMAC_SECRETS,
} from './model.js'
import {
  addSecret,
  deleteConfiguration,
  deleteSecret,
  findConfiguration,
  findMemberIds,
  insertConfiguration,
  listConfigurations,
  replaceConfiguration,
} from './repository.js'
import type { ConnectCreateInput } from './schema.js'

/** A new HMAC secret: 32 random bytes, base64 (what DocuSign's Connect keys look like). */
export const generateHmacSecret = () => randomBytes(32).toString('base64')

export interface ConnectPolicy {
  allowPrivateUrls: boolean
}

async function readSettings(
  db: DbOrTx,
  accountId: string,
  input: ConnectCreateInput,
  policy: ConnectPolicy,
): Promise<ConnectSettings> {
  if (input.name.trim() === '') throw new InvalidRequestError('name must not be blank')
  const allUsers = input.allUsers !== 'false'
  const userIds = allUsers ? [] : [...new Set(input.userIds ?? [])]
  if (!allUsers) {
    if (userIds.length === 0) throw new InvalidRequestError('userIds is required when allUsers is "false"')
    const members = await findMemberIds(db, accountId, userIds)
    const stranger = userIds.find((userId) => !members.has(userId))
    if (stranger) throw new InvalidRequestError(`userIds: ${stranger} is not a member of this account`)
  }
  return {
    name: input.name,
    urlToPublishTo: checkPublishUrl(input.urlToPublishTo, policy.allowPrivateUrls),
    events: readEvents(input),
    allUsers,
    userIds,
    includeHMAC: input.includeHMAC === 'true',
    eventData: {
      version: input.eventData?.version ?? CONNECT_EVENT_DATA_VERSION,
      format: 'json',
      includeData: [...new Set(input.eventData?.includeData ?? [])],
    },
    enabled: (input.enabled ?? input.allowEnvelopePublish) !== 'false',
    configurationType: 'custom',
    deliveryMode: 'SIM',
  }
}

/** `events[]` together with the events the older `envelopeEvents`/`recipientEvents` name; at least one. */
function readEvents(input: ConnectCreateInput): ConnectEvent[] {
  const events = [...new Set([...(input.events ?? []), ...eventsFromLegacyBody(input)])]
  if (events.length === 0) {
    throw new InvalidRequestError('events is required (or the older envelopeEvents / recipientEvents)')
  }
  return events
}

export const configurationNotFound = (connectId: string) =>
  new NotFoundError(`Connect configuration ${connectId} was not found in this account`)

export async function getConfiguration(
  db: DbOrTx,
  accountId: string,
  connectId: string,
): Promise<ConnectConfiguration> {
  const configuration = await findConfiguration(db, accountId, connectId)
  if (!configuration) throw configurationNotFound(connectId)
  return configuration
}

export const listAccountConfigurations = (db: DbOrTx, accountId: string) => listConfigurations(db, accountId)

/**
 * Creates a configuration. With `includeHMAC` a secret is generated and returned in `created`: the
 * only time it is shown.
 */
export async function createConfiguration(
  db: DbOrTx,
  principal: { accountId: string; userId: string },
  input: ConnectCreateInput,
  policy: ConnectPolicy,
  now: number,
): Promise<{ configuration: ConnectConfiguration; created: HmacSecret[] }> {
  const settings = await readSettings(db, principal.accountId, input, policy)
  const secrets = settings.includeHMAC ? [generateHmacSecret()] : []
  const configuration = await insertConfiguration(
    db,
    principal.accountId,
    principal.userId,
    settings,
    secrets,
    new Date(now).toISOString(),
  )
  return { configuration, created: configuration.hmacSecrets }
}

/**
 * Replaces a configuration's settings. Turning `includeHMAC` on for a configuration without secrets
 * generates one (returned in `created`); turning it off keeps the secrets for when it is turned back on.
 */
export async function updateConfiguration(
  db: DbOrTx,
  accountId: string,
  connectId: string,
  input: ConnectCreateInput,
  policy: ConnectPolicy,
  now: number,
): Promise<{ configuration: ConnectConfiguration; created: HmacSecret[] }> {
  const existing = await findConfiguration(db, accountId, connectId)
  if (!existing) throw configurationNotFound(connectId)
  const settings = await readSettings(db, accountId, input, policy)
  const secrets = settings.includeHMAC && existing.hmacSecrets.length === 0 ? [generateHmacSecret()] : []
  const result = await replaceConfiguration(
    db,
    accountId,
    connectId,
    settings,
    secrets,
    new Date(now).toISOString(),
  )
  if (!result) throw configurationNotFound(connectId)
  return result
}

export async function removeConfiguration(db: DbOrTx, accountId: string, connectId: string): Promise<void> {
  if (!(await deleteConfiguration(db, accountId, connectId))) throw configurationNotFound(connectId)
}

/** Adds a secret (rotation: add the new one, move receivers over, then delete the old one). */
export async function rotateInSecret(
  db: DbOrTx,
  accountId: string,
  connectId: string,
  now: number,
): Promise<HmacSecret> {
  const existing = await findConfiguration(db, accountId, connectId)
  if (!existing) throw configurationNotFound(connectId)
  if (existing.hmacSecrets.length >= MAX_HMAC_SECRETS) {
    throw new InvalidRequestError(
      `Connect configuration ${connectId} already has ${MAX_HMAC_SECRETS} HMAC secrets; delete one first`,
    )
  }
  return addSecret(db, existing.connectId, generateHmacSecret(), new Date(now).toISOString())
}

/** Deletes a secret; the last one of a configuration that signs its deliveries cannot be deleted. */
export async function removeSecret(db: DbOrTx, accountId: string, connectId: string, keyId: string) {
  const existing = await findConfiguration(db, accountId, connectId)
  if (!existing) throw configurationNotFound(connectId)
  if (!existing.hmacSecrets.some((secret) => secret.keyId === keyId)) {
    throw new NotFoundError(`HMAC secret ${keyId} was not found in Connect configuration ${connectId}`)
  }
  if (existing.includeHMAC && existing.hmacSecrets.length === 1) {
    throw new InvalidRequestError(
      'The last HMAC secret of a configuration with includeHMAC "true" cannot be deleted; add another first',
    )
  }
  await deleteSecret(db, existing.connectId, keyId)
}
