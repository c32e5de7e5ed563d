import type { DbOrTx } from '../../database.js'
import { insertOneTimeToken, type OneTimeToken } from './repository.js'
import { hashOpaque, opaqueToken } from './tokens.js'

/** Stores a new one-time token (its hash only) and returns the token itself, for a link or a form. */
export async function issueOneTimeToken(db: DbOrTx, token: Omit<OneTimeToken, 'tokenHash'>): Promise<string> {
  const value = opaqueToken()
  await insertOneTimeToken(db, { ...token, tokenHash: hashOpaque(value) })
  return value
}
