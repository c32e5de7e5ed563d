import type { DbOrTx } from '../../database.js'

/** SQL of OAuth clients (integration keys seen by the Authorization Code Grant): kind, secrets, redirect URIs. */

export type ClientKind = 'confidential' | 'public'

export interface OAuthClient {
  id: string
  name: string
  enabled: boolean
  kind: ClientKind
  redirectUris: string[]
}

export async function findClient(db: DbOrTx, id: string): Promise<OAuthClient | undefined> {
  const row = await db
    .selectFrom('integration_keys')
    .select(['id', 'name', 'enabled', 'client_kind'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const uris = await db
    .selectFrom('integration_key_redirect_uris')
    .select('redirect_uri')
    .where('integration_key_id', '=', id)
    .orderBy('redirect_uri')
    .execute()
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    kind: row.client_kind === 'public' ? 'public' : 'confidential',
    redirectUris: uris.map((uri) => uri.redirect_uri),
  }
}

/** Inserts the client unless a client with its id exists (several processes may start at once). */
export async function ensureClient(
  db: DbOrTx,
  client: { id: string; name: string; kind: ClientKind; createdAt: string },
): Promise<void> {
  await db
    .insertInto('integration_keys')
    .values({
      id: client.id,
      name: client.name,
      enabled: 1,
      client_kind: client.kind,
      created_at: client.createdAt,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute()
}

export async function setClientKind(db: DbOrTx, id: string, kind: ClientKind): Promise<boolean> {
  const row = await db
    .updateTable('integration_keys')
    .set({ client_kind: kind })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

export async function insertRedirectUri(
  db: DbOrTx,
  entry: { integrationKeyId: string; redirectUri: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('integration_key_redirect_uris')
    .values({
      integration_key_id: entry.integrationKeyId,
      redirect_uri: entry.redirectUri,
      created_at: entry.createdAt,
    })
    .onConflict((conflict) => conflict.columns(['integration_key_id', 'redirect_uri']).doNothing())
    .execute()
}

export async function deleteRedirectUri(
  db: DbOrTx,
  integrationKeyId: string,
  redirectUri: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('integration_key_redirect_uris')
    .where('integration_key_id', '=', integrationKeyId)
    .where('redirect_uri', '=', redirectUri)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export async function insertSecret(
  db: DbOrTx,
  secret: { id: string; integrationKeyId: string; secretHash: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('integration_key_secrets')
    .values({
      id: secret.id,
      integration_key_id: secret.integrationKeyId,
      secret_hash: secret.secretHash,
      created_at: secret.createdAt,
    })
    .execute()
}

export async function listSecrets(
  db: DbOrTx,
  integrationKeyId: string,
): Promise<{ id: string; secretHash: string; createdAt: string }[]> {
  const rows = await db
    .selectFrom('integration_key_secrets')
    .select(['id', 'secret_hash', 'created_at'])
    .where('integration_key_id', '=', integrationKeyId)
    .orderBy('created_at')
    .execute()
  return rows.map((row) => ({ id: row.id, secretHash: row.secret_hash, createdAt: row.created_at }))
}

export async function deleteSecret(db: DbOrTx, integrationKeyId: string, secretId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('integration_key_secrets')
    .where('integration_key_id', '=', integrationKeyId)
    .where('id', '=', secretId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export async function setClientAccount(db: DbOrTx, id: string, accountId: string): Promise<void> {
  await db.updateTable('integration_keys').set({ account_id: accountId }).where('id', '=', id).execute()
}

export async function renameClient(db: DbOrTx, id: string, name: string): Promise<void> {
  await db.updateTable('integration_keys').set({ name }).where('id', '=', id).execute()
}

/** The integration keys an account manages, oldest first. */
export async function listAccountClientIds(db: DbOrTx, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('integration_keys')
    .select('id')
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => row.id)
}

export async function isAccountClient(db: DbOrTx, id: string, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('integration_keys')
    .select('id')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return row !== undefined
}

export async function listPublicKeyIds(
  db: DbOrTx,
  integrationKeyId: string,
): Promise<{ id: number; createdAt: string }[]> {
  const rows = await db
    .selectFrom('integration_key_public_keys')
    .select(['id', 'created_at'])
    .where('integration_key_id', '=', integrationKeyId)
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ id: Number(row.id), createdAt: row.created_at }))
}

/** Who consented to the integration key, with what. */
export async function listConsents(
  db: DbOrTx,
  integrationKeyId: string,
): Promise<{ userId: string; userName: string; email: string; scopes: string[]; grantedAt: string }[]> {
  const rows = await db
    .selectFrom('consents')
    .innerJoin('users', 'users.id', 'consents.user_id')
    .select(['users.id', 'users.name', 'users.email', 'consents.scopes', 'consents.granted_at'])
    .where('consents.integration_key_id', '=', integrationKeyId)
    .orderBy('consents.granted_at')
    .orderBy('users.id')
    .execute()
  return rows.map((row) => ({
    userId: row.id,
    userName: row.name,
    email: row.email,
    scopes: row.scopes.split(' ').filter(Boolean),
    grantedAt: row.granted_at,
  }))
}

export async function deletePublicKey(db: DbOrTx, publicKeyId: number): Promise<void> {
  await db.deleteFrom('integration_key_public_keys').where('id', '=', publicKeyId).execute()
}
