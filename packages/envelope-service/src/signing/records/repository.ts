import { type DbOrTx, insertRows } from '../../database.js'
import type { SigningLinkKind } from './links.js'

/** Signing links, the values recipients enter and what they adopt. The only SQL of signing. */

export interface SigningLink {
  tokenHash: string
  envelopeId: string
  recipientId: string
  kind: SigningLinkKind
  returnUrl?: string
  expiresAt: number
  usedAt?: number
}

export function insertSigningLink(
  db: DbOrTx,
  link: Omit<SigningLink, 'usedAt'> & { createdAt: number },
): Promise<void> {
  return insertSigningLinks(db, [link])
}

/** Several links in one statement (the messages job mints a round's links together). */
export async function insertSigningLinks(
  db: DbOrTx,
  links: readonly (Omit<SigningLink, 'usedAt'> & { createdAt: number })[],
): Promise<void> {
  if (links.length === 0) return
  await insertRows(
    db,
    'signing_links',
    links.map((link) => ({
      token_hash: link.tokenHash,
      envelope_id: link.envelopeId,
      recipient_id: link.recipientId,
      kind: link.kind,
      return_url: link.returnUrl ?? null,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      used_at: null,
    })),
  )
}

export async function findSigningLink(db: DbOrTx, tokenHash: string): Promise<SigningLink | undefined> {
  const row = await db
    .selectFrom('signing_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    tokenHash: row.token_hash,
    envelopeId: row.envelope_id,
    recipientId: row.recipient_id,
    kind: row.kind as SigningLinkKind,
    ...(row.return_url === null ? {} : { returnUrl: row.return_url }),
    expiresAt: Number(row.expires_at),
    ...(row.used_at === null ? {} : { usedAt: Number(row.used_at) }),
  }
}

/**
 * Opens a once-only link: only the first caller wins (the update checks it is unused and unexpired),
 * and the link then lives for the signing session.
 */
export async function consumeSigningLink(
  db: DbOrTx,
  tokenHash: string,
  now: number,
  sessionExpiresAt: number,
): Promise<boolean> {
  const result = await db
    .updateTable('signing_links')
    .set({ used_at: now, expires_at: sessionExpiresAt })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Moves the expiry of an envelope's invitation links that nobody has opened yet (an opened one lives
 * for its signing session): the envelope's expiration changed.
 */
export async function moveUnusedLinkExpiry(db: DbOrTx, envelopeId: string, expiresAt: number): Promise<void> {
  await db
    .updateTable('signing_links')
    .set({ expires_at: expiresAt })
    .where('envelope_id', '=', envelopeId)
    .where('kind', '=', 'invitation')
    .where('used_at', 'is', null)
    .execute()
}

/** Ends every link of a recipient (one who reassigned): their page and invitation stop working. */
export async function deleteSigningLinks(tx: DbOrTx, envelopeId: string, recipientId: string): Promise<void> {
  await tx
    .deleteFrom('signing_links')
    .where('envelope_id', '=', envelopeId)
    .where('recipient_id', '=', recipientId)
    .execute()
}

/** A recipient's entered values, by tab id. */
export async function findTabValues(
  db: DbOrTx,
  envelopeId: string,
): Promise<Map<string, Record<string, string>>> {
  const rows = await db
    .selectFrom('envelope_recipients')
    .select(['recipient_id', 'tab_values'])
    .where('envelope_id', '=', envelopeId)
    .execute()
  return new Map(rows.map((row) => [row.recipient_id, JSON.parse(row.tab_values) as Record<string, string>]))
}

export async function storeTabValues(
  tx: DbOrTx,
  envelopeId: string,
  recipientId: string,
  values: Record<string, string>,
): Promise<void> {
  await tx
    .updateTable('envelope_recipients')
    .set({ tab_values: JSON.stringify(values) })
    .where('envelope_id', '=', envelopeId)
    .where('recipient_id', '=', recipientId)
    .execute()
}

export interface Adoption {
  recipientId: string
  signaturePng?: string
  initialsPng?: string
  ipAddress: string
  userAgent: string
  viewedIpAddress?: string
  viewedUserAgent?: string
}

/** Where the recipient first opened the envelope from (kept for the certificate). */
export async function recordViewedFrom(
  tx: DbOrTx,
  envelopeId: string,
  recipientId: string,
  client: { ipAddress: string; userAgent: string },
): Promise<void> {
  await tx
    .insertInto('recipient_adoptions')
    .values({
      envelope_id: envelopeId,
      recipient_id: recipientId,
      signature_png: null,
      initials_png: null,
      ip_address: client.ipAddress,
      user_agent: client.userAgent,
      viewed_ip_address: client.ipAddress,
      viewed_user_agent: client.userAgent,
    })
    .onConflict((conflict) => conflict.columns(['envelope_id', 'recipient_id']).doNothing())
    .execute()
}

/** What the recipient adopted and where it signed from. */
export async function recordAdoption(tx: DbOrTx, envelopeId: string, adoption: Adoption): Promise<void> {
  const values = {
    signature_png: adoption.signaturePng ?? null,
    initials_png: adoption.initialsPng ?? null,
    ip_address: adoption.ipAddress,
    user_agent: adoption.userAgent,
  }
  await tx
    .insertInto('recipient_adoptions')
    .values({
      envelope_id: envelopeId,
      recipient_id: adoption.recipientId,
      ...values,
      viewed_ip_address: adoption.ipAddress,
      viewed_user_agent: adoption.userAgent,
    })
    .onConflict((conflict) => conflict.columns(['envelope_id', 'recipient_id']).doUpdateSet(values))
    .execute()
}

export async function findAdoptions(db: DbOrTx, envelopeId: string): Promise<Map<string, Adoption>> {
  const rows = await db
    .selectFrom('recipient_adoptions')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .execute()
  return new Map(
    rows.map((row) => [
      row.recipient_id,
      {
        recipientId: row.recipient_id,
        ...(row.signature_png === null ? {} : { signaturePng: row.signature_png }),
        ...(row.initials_png === null ? {} : { initialsPng: row.initials_png }),
        ipAddress: row.ip_address,
        userAgent: row.user_agent,
        ...(row.viewed_ip_address === null ? {} : { viewedIpAddress: row.viewed_ip_address }),
        ...(row.viewed_user_agent === null ? {} : { viewedUserAgent: row.viewed_user_agent }),
      },
    ]),
  )
}
