import type { Db } from '../database.js'
import { updatePayloads } from '../outbox/repository.js'
import type { RecipientMessagePayload } from '../outbox/topics.js'
import { newSigningToken, signingUrl } from '../signing/records/links.js'
import { insertSigningLinks } from '../signing/records/repository.js'

/** A message of the round that carries a personal signing link it does not have yet. */
export interface LinkToMint {
  rowId: string
  payload: RecipientMessagePayload
  createdAt: number
  expiresAt: number
}

/**
 * Mints the round's signing links in one transaction: each link's hash in the links table, and the link
 * itself in its message's payload for the retries (one statement each for all of them; per message, a
 * transaction of its own had been half of a message's cost on PostgreSQL). Resolves each message's
 * payload with its link, or `lost` where this process no longer holds the message (its link is not
 * stored either).
 */
export async function mintRoundLinks(
  db: Db,
  owner: string,
  publicUrl: string,
  wanted: readonly LinkToMint[],
): Promise<Map<string, RecipientMessagePayload | 'lost'>> {
  const minted = wanted.map((entry) => {
    const { token, tokenHash } = newSigningToken()
    return { ...entry, tokenHash, linked: { ...entry.payload, link: signingUrl(publicUrl, token) } }
  })
  const stored =
    minted.length === 0
      ? new Set<string>()
      : await db.transaction().execute(async (tx) => {
          const held = await updatePayloads(
            tx,
            owner,
            minted.map(({ rowId, linked }) => ({ id: rowId, payload: linked })),
          )
          await insertSigningLinks(
            tx,
            minted
              .filter(({ rowId }) => held.has(rowId))
              .map(({ payload, tokenHash, createdAt, expiresAt }) => ({
                tokenHash,
                envelopeId: payload.envelopeId,
                recipientId: payload.recipientId,
                kind: 'invitation',
                createdAt,
                expiresAt,
              })),
          )
          return held
        })
  return new Map(minted.map(({ rowId, linked }) => [rowId, stored.has(rowId) ? linked : 'lost']))
}
