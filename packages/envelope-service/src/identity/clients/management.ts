import { ForbiddenError, InvalidRequestError, NotFoundError } from 'platform'
import type { Db, DbOrTx } from '../../database.js'
import { INKWELL_APP_CLIENT_ID } from '../first-party.js'
import { disableIntegrationKey, enableIntegrationKey } from '../revocation.js'
import { addPublicKey, createIntegrationKey } from '../service.js'
import {
  type ClientKind,
  deletePublicKey,
  deleteRedirectUri,
  deleteSecret,
  findClient,
  isAccountClient,
  listAccountClientIds,
  listPublicKeyIds,
  listSecrets,
  renameClient,
  setClientAccount,
  setClientKind,
} from './repository.js'
import { addRedirectUri, parseRedirectUri } from './service.js'

/**
 * An account administrator's view of its integration keys (the web app's Settings screen): this
 * service's extension, since DocuSign manages keys only in its own admin pages. Secret keys and generated
 * private keys are returned once, when made; afterwards only their ids and dates.
 */
export interface ManagedClient {
  integrationKey: string
  name: string
  enabled: boolean
  clientKind: ClientKind
  redirectUris: string[]
  secretKeys: { secretId: string; createdDateTime: string }[]
  publicKeys: { publicKeyId: string; createdDateTime: string }[]
}

export async function describeClient(db: DbOrTx, id: string): Promise<ManagedClient> {
  const client = await findClient(db, id)
  if (!client) throw new NotFoundError(`Integration key ${id} not found`)
  const secrets = await listSecrets(db, id)
  const publicKeys = await listPublicKeyIds(db, id)
  return {
    integrationKey: client.id,
    name: client.name,
    enabled: client.enabled,
    clientKind: client.kind,
    redirectUris: client.redirectUris,
    secretKeys: secrets.map((secret) => ({ secretId: secret.id, createdDateTime: secret.createdAt })),
    publicKeys: publicKeys.map((key) => ({ publicKeyId: String(key.id), createdDateTime: key.createdAt })),
  }
}

export async function listAccountClients(db: DbOrTx, accountId: string): Promise<ManagedClient[]> {
  const ids = await listAccountClientIds(db, accountId)
  return Promise.all(ids.map((id) => describeClient(db, id)))
}

/** Throws 404 unless the integration key belongs to the account (keys of others are not even named). */
export async function requireAccountClient(db: DbOrTx, accountId: string, id: string): Promise<void> {
  if (id === INKWELL_APP_CLIENT_ID)
    throw new ForbiddenError('The web app integration key is managed by the service')
  if (!(await isAccountClient(db, id, accountId))) throw new NotFoundError(`Integration key ${id} not found`)
}

export async function createAccountClient(
  db: Db,
  accountId: string,
  input: {
    name: string
    clientKind?: ClientKind | undefined
    redirectUris?: string[] | undefined
    publicKeyPem?: string | undefined
  },
  now: number,
): Promise<ManagedClient & { privateKeyPem?: string }> {
  const redirectUris = (input.redirectUris ?? []).map(parseRedirectUri)
  const created = await createIntegrationKey(db, { name: input.name }, now)
  const id = created.integrationKey.id
  await setClientAccount(db, id, accountId)
  await setClientKind(db, id, input.clientKind ?? 'confidential')
  for (const uri of redirectUris) await addRedirectUri(db, id, uri, now)
  if (input.publicKeyPem === undefined) {
    return { ...(await describeClient(db, id)), privateKeyPem: created.privateKeyPem }
  }
  // An uploaded public key replaces the generated pair, whose private half is dropped unseen.
  await addPublicKey(db, { integrationKeyId: id, publicKeyPem: input.publicKeyPem }, now)
  await deletePublicKey(db, created.publicKeyId)
  return describeClient(db, id)
}

export async function updateAccountClient(
  db: Db,
  id: string,
  input: { name?: string | undefined; enabled?: boolean | undefined },
): Promise<ManagedClient> {
  if (input.name !== undefined) {
    const name = input.name.trim()
    if (name === '') throw new InvalidRequestError('name must not be empty')
    await renameClient(db, id, name)
  }
  if (input.enabled === false) await disableIntegrationKey(db, id)
  if (input.enabled === true) await enableIntegrationKey(db, id)
  return describeClient(db, id)
}

export async function removeSecretKey(db: DbOrTx, id: string, secretId: string): Promise<void> {
  if (!(await deleteSecret(db, id, secretId))) throw new NotFoundError(`Secret key ${secretId} not found`)
}

export async function removeRedirectUri(db: DbOrTx, id: string, redirectUri: string): Promise<void> {
  if (!(await deleteRedirectUri(db, id, parseRedirectUri(redirectUri)))) {
    throw new NotFoundError(`Redirect URI ${redirectUri} is not registered`)
  }
}
