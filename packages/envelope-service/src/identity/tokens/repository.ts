import type { DbOrTx } from '../../database.js'

/** SQL of access tokens: only their hash is stored. Rows map to token values here. */

export interface NewAccessToken {
  tokenHash: string
  userId: string
  integrationKeyId: string
  scopes: readonly string[]
  /** Epoch milliseconds. */
  expiresAt: number
  createdAt: number
  refreshFamilyId?: string
}

export async function insertAccessToken(db: DbOrTx, token: NewAccessToken): Promise<void> {
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      integration_key_id: token.integrationKeyId,
      scopes: token.scopes.join(' '),
      expires_at: token.expiresAt,
      created_at: new Date(token.createdAt).toISOString(),
      refresh_family_id: token.refreshFamilyId ?? null,
    })
    .execute()
}

/** A stored token with what it stands on: its integration key enabled, the user's consent in place. */
export async function findAccessToken(db: DbOrTx, tokenHash: string) {
  const row = await db
    .selectFrom('access_tokens')
    .leftJoin('integration_keys', 'integration_keys.id', 'access_tokens.integration_key_id')
    .leftJoin('consents', (join) =>
      join
        .onRef('consents.user_id', '=', 'access_tokens.user_id')
        .onRef('consents.integration_key_id', '=', 'access_tokens.integration_key_id'),
    )
    .select([
      'access_tokens.user_id',
      'access_tokens.integration_key_id',
      'access_tokens.scopes',
      'access_tokens.expires_at',
      'integration_keys.enabled as key_enabled',
      'consents.user_id as consenting_user_id',
    ])
    .where('access_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst()
  return (
    row && {
      userId: row.user_id,
      integrationKeyId: row.integration_key_id,
      scopes: row.scopes.split(' ').filter(Boolean),
      expiresAt: row.expires_at,
      keyEnabled: row.key_enabled === 1,
      consented: row.consenting_user_id !== null,
    }
  )
}

/** Deletes tokens that expired before `now`; they can never verify again. Returns how many went. */
export async function deleteExpiredAccessTokens(db: DbOrTx, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('access_tokens').where('expires_at', '<', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/**
 * Deletes the access tokens of a user (all of them, or those issued through one integration key), or
 * every token of an integration key. Returns how many went.
 */
export async function deleteAccessTokens(
  db: DbOrTx,
  which: { userId: string; integrationKeyId?: string } | { integrationKeyId: string },
): Promise<number> {
  let query = db.deleteFrom('access_tokens')
  if ('userId' in which) query = query.where('user_id', '=', which.userId)
  if (which.integrationKeyId !== undefined)
    query = query.where('integration_key_id', '=', which.integrationKeyId)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Deletes the access tokens a refresh-token family minted. */
export async function deleteFamilyAccessTokens(db: DbOrTx, familyId: string): Promise<void> {
  await db.deleteFrom('access_tokens').where('refresh_family_id', '=', familyId).execute()
}
