import type { DbOrTx } from '../../database.js'

/** SQL of authorization codes, refresh-token families and one-time tokens. Only hashes are stored. */

const splitScopes = (stored: string) => stored.split(' ').filter(Boolean)

export interface AuthorizationCode {
  integrationKeyId: string
  userId: string
  redirectUri: string
  scopes: string[]
  codeChallenge: string | null
  expiresAt: number
}

export async function insertAuthorizationCode(
  db: DbOrTx,
  code: AuthorizationCode & { codeHash: string },
): Promise<void> {
  await db
    .insertInto('authorization_codes')
    .values({
      code_hash: code.codeHash,
      integration_key_id: code.integrationKeyId,
      user_id: code.userId,
      redirect_uri: code.redirectUri,
      scopes: code.scopes.join(' '),
      code_challenge: code.codeChallenge,
      expires_at: code.expiresAt,
    })
    .execute()
}

/**
 * Marks the code used, with the family its tokens will belong to, and returns it, in one statement, so two
 * exchanges racing (in two processes) cannot both win. `{reused}` with that family (null for a code
 * claimed before families were kept) when it was used before; undefined when it never existed.
 */
export async function claimAuthorizationCode(
  db: DbOrTx,
  codeHash: string,
  familyId: string,
  now: number,
): Promise<AuthorizationCode | { reused: string | null } | undefined> {
  const row = await db
    .updateTable('authorization_codes')
    .set({ used_at: now, family_id: familyId })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
  if (!row) {
    const existing = await db
      .selectFrom('authorization_codes')
      .select('family_id')
      .where('code_hash', '=', codeHash)
      .executeTakeFirst()
    return existing ? { reused: existing.family_id } : undefined
  }
  return {
    integrationKeyId: row.integration_key_id,
    userId: row.user_id,
    redirectUri: row.redirect_uri,
    scopes: splitScopes(row.scopes),
    codeChallenge: row.code_challenge,
    expiresAt: row.expires_at,
  }
}

export interface RefreshToken {
  familyId: string
  integrationKeyId: string
  userId: string
  scopes: string[]
  expiresAt: number
}

export async function insertRefreshToken(
  db: DbOrTx,
  token: RefreshToken & { tokenHash: string; createdAt: number },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: token.tokenHash,
      family_id: token.familyId,
      integration_key_id: token.integrationKeyId,
      user_id: token.userId,
      scopes: token.scopes.join(' '),
      expires_at: token.expiresAt,
      rotated_at: null,
      created_at: new Date(token.createdAt).toISOString(),
    })
    .execute()
}

/**
 * Marks a live refresh token rotated and returns it, in one statement. `reused` when it exists but was
 * rotated or revoked before (the caller revokes the family); undefined when it never existed.
 */
export async function claimRefreshToken(
  db: DbOrTx,
  tokenHash: string,
  now: number,
): Promise<RefreshToken | { reused: true; familyId: string } | undefined> {
  const row = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: now })
    .where('token_hash', '=', tokenHash)
    .where('rotated_at', 'is', null)
    .where('revoked', '=', 0)
    .returningAll()
    .executeTakeFirst()
  if (!row) {
    const existing = await db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst()
    return existing && { reused: true, familyId: existing.family_id }
  }
  return {
    familyId: row.family_id,
    integrationKeyId: row.integration_key_id,
    userId: row.user_id,
    scopes: splitScopes(row.scopes),
    expiresAt: row.expires_at,
  }
}

export async function findRefreshFamily(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  return row?.family_id
}

/** When a refresh-token family's sign-in began: its first token's creation, epoch ms. */
export async function familyStartedAt(db: DbOrTx, familyId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('family_id', '=', familyId)
    .executeTakeFirst()
  return row?.first ? Date.parse(row.first) : undefined
}

export async function revokeRefreshFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked: 1 }).where('family_id', '=', familyId).execute()
}
