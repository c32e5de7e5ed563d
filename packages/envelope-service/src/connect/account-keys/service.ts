import { randomUUID } from 'node:crypto'
import { InvalidRequestError, NotFoundError } from 'platform'
import type { DbOrTx } from '../../database.js'
import { MAX_HMAC_SECRETS } from '../model.js'
import { generateHmacSecret } from '../service.js'
import { type AccountKey, deleteAccountKey, insertAccountKey, listAccountKeys } from './repository.js'

/**
 * The account's Connect keys (DocuSign's `/connect/secret`): an administrator generates them, each is
 * shown once, and an envelope's own webhook (`eventNotification` with `includeHMAC`) is signed with them,
 * one `X-DocuSign-Signature-N` header per key. A Connect configuration's deliveries are signed with that
 * configuration's own secrets only, so no receiver is ever sent a signature made with a key another
 * receiver chose.
 */

export async function generateAccountKey(db: DbOrTx, accountId: string, now: number): Promise<AccountKey> {
  const existing = await listAccountKeys(db, accountId)
  if (existing.length >= MAX_HMAC_SECRETS) {
    throw new InvalidRequestError(
      `The account already has ${MAX_HMAC_SECRETS} Connect keys; delete one before generating another`,
    )
  }
  const key = { keyId: randomUUID(), secret: generateHmacSecret(), created: new Date(now).toISOString() }
  await insertAccountKey(db, accountId, key)
  return key
}

export const accountKeys = listAccountKeys

export async function removeAccountKey(db: DbOrTx, accountId: string, keyId: string): Promise<void> {
  if (!(await deleteAccountKey(db, accountId, keyId))) {
    throw new NotFoundError(`Connect key ${keyId} was not found in this account`)
  }
}
