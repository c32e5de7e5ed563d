import type { DbOrTx } from '../../database.js'
import type { Client } from '../records/model.js'
import type { DisclosureDetails, DisclosureLanguage } from './text.js'

export interface DisclosureAcceptance {
  acceptedAt: number
  ipAddress: string
  userAgent: string
  /** The version of the account's disclosure agreed to (rules.ts); none for agreements before it was kept. */
  version?: string
  /** The language the signer read it in; none when the page did not say. */
  language?: DisclosureLanguage
}

/**
 * Records a signer's agreement to `version` of the disclosure. The first agreement to a version stands (a
 * second is no change); an agreement to a newer version replaces an older one. Whether this one was new.
 */
export async function recordDisclosureAccepted(
  tx: DbOrTx,
  envelopeId: string,
  recipientId: string,
  client: Client,
  at: number,
  version: string,
  language?: DisclosureLanguage,
): Promise<boolean> {
  const agreement = {
    accepted_at: at,
    ip_address: client.ipAddress,
    user_agent: client.userAgent,
    text_version: version,
    language: language ?? null,
  }
  const [result] = await tx
    .insertInto('recipient_disclosures')
    .values({ envelope_id: envelopeId, recipient_id: recipientId, ...agreement })
    .onConflict((conflict) =>
      conflict
        .columns(['envelope_id', 'recipient_id'])
        .doUpdateSet(agreement)
        .where('recipient_disclosures.text_version', '<>', version),
    )
    .execute()
  return Number(result?.numInsertedOrUpdatedRows ?? 0) > 0
}

/**
 * Keeps what `version` of the account's disclosure says in each language (`disclosureDetailsShown`), the
 * first time a signer agrees to it: the version is a digest of exactly that, so a kept one never changes.
 */
export async function keepDisclosureText(
  tx: DbOrTx,
  accountId: string,
  version: string,
  shown: Partial<Record<DisclosureLanguage, DisclosureDetails>>,
  at: number,
): Promise<void> {
  await tx
    .insertInto('disclosure_texts')
    .values({ account_id: accountId, version, details: JSON.stringify(shown), created_at: at })
    .onConflict((conflict) => conflict.columns(['account_id', 'version']).doNothing())
    .execute()
}

/** What the given versions of the account's disclosure say, by version (those kept). */
export async function findDisclosureTexts(
  db: DbOrTx,
  accountId: string,
  versions: readonly string[],
): Promise<Map<string, Partial<Record<DisclosureLanguage, DisclosureDetails>>>> {
  if (versions.length === 0) return new Map()
  const rows = await db
    .selectFrom('disclosure_texts')
    .select(['version', 'details'])
    .where('account_id', '=', accountId)
    .where('version', 'in', [...new Set(versions)])
    .execute()
  return new Map(rows.map((row) => [row.version, JSON.parse(row.details)]))
}

/**
 * Forgets a recipient's agreement: a correction gave the recipient a new address or channel, so the
 * person now reached has agreed to nothing. The history keeps the earlier agreement.
 */
export async function forgetDisclosureAccepted(
  tx: DbOrTx,
  envelopeId: string,
  recipientId: string,
): Promise<void> {
  await tx
    .deleteFrom('recipient_disclosures')
    .where('envelope_id', '=', envelopeId)
    .where('recipient_id', '=', recipientId)
    .execute()
}

/** The envelope's agreements by recipient id. */
export async function findDisclosureAcceptances(
  db: DbOrTx,
  envelopeId: string,
  recipientId?: string,
): Promise<Map<string, DisclosureAcceptance>> {
  let query = db.selectFrom('recipient_disclosures').selectAll().where('envelope_id', '=', envelopeId)
  if (recipientId !== undefined) query = query.where('recipient_id', '=', recipientId)
  const rows = await query.execute()
  return new Map(
    rows.map((row) => [
      row.recipient_id,
      {
        acceptedAt: Number(row.accepted_at),
        ipAddress: row.ip_address,
        userAgent: row.user_agent,
        ...(row.text_version === null ? {} : { version: row.text_version }),
        ...(row.language === null ? {} : { language: row.language as DisclosureLanguage }),
      },
    ]),
  )
}

/** What the account added to its disclosure, by language (`en`, `es`); none for a language not set. */
export async function findDisclosureDetails(
  db: DbOrTx,
  accountId: string,
): Promise<Partial<Record<DisclosureLanguage, DisclosureDetails>>> {
  const rows = await db
    .selectFrom('account_disclosures')
    .select(['language', 'details'])
    .where('account_id', '=', accountId)
    .execute()
  return Object.fromEntries(rows.map((row) => [row.language, JSON.parse(row.details) as DisclosureDetails]))
}

/** Stores what the account adds to its disclosure in `language`, replacing what it had. */
export async function saveDisclosureDetails(
  db: DbOrTx,
  change: {
    accountId: string
    language: DisclosureLanguage
    details: DisclosureDetails
    userId: string
    at: string
  },
): Promise<void> {
  const row = {
    details: JSON.stringify(change.details),
    updated_at: change.at,
    updated_by_user_id: change.userId,
  }
  await db
    .insertInto('account_disclosures')
    .values({ account_id: change.accountId, language: change.language, ...row })
    .onConflict((conflict) => conflict.columns(['account_id', 'language']).doUpdateSet(row))
    .execute()
}

/** Whether the account shows the disclosure on every envelope that does not say (`useDisclosure`). */
export async function findDisclosureOnEveryEnvelope(db: DbOrTx, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('account_disclosure_settings')
    .select('on_every_envelope')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  return Number(row?.on_every_envelope ?? 0) === 1
}

export async function saveDisclosureOnEveryEnvelope(
  db: DbOrTx,
  accountId: string,
  on: boolean,
): Promise<void> {
  await db
    .insertInto('account_disclosure_settings')
    .values({ account_id: accountId, on_every_envelope: on ? 1 : 0 })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ on_every_envelope: on ? 1 : 0 }))
    .execute()
}
