import { type DbOrTx, insertRows } from '../database.js'
import type { ChainedAuditRecord } from './chain.js'

/** The audit trail's rows: appended in the transaction of what they record, read in order. */

export async function lastAuditEntry(
  db: DbOrTx,
  envelopeId: string,
): Promise<ChainedAuditRecord | undefined> {
  const row = await db
    .selectFrom('audit_events')
    .select('entry')
    .where('envelope_id', '=', envelopeId)
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row ? (JSON.parse(row.entry) as ChainedAuditRecord) : undefined
}

/** Appends chained entries; the (envelope, sequence) key makes a concurrent second appender fail. */
export async function insertAuditEntries(tx: DbOrTx, entries: readonly ChainedAuditRecord[]): Promise<void> {
  if (entries.length === 0) return
  await insertRows(
    tx,
    'audit_events',
    entries.map((entry) => ({
      envelope_id: entry.envelopeId,
      sequence: entry.sequence,
      entry: JSON.stringify(entry),
      previous_hash: entry.previousHash,
      hash: entry.hash,
    })),
  )
}

/** The whole chain in order, as stored (for the API and for verification). */
export async function listAuditEntries(db: DbOrTx, envelopeId: string): Promise<ChainedAuditRecord[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select(['entry', 'previous_hash', 'hash'])
    .where('envelope_id', '=', envelopeId)
    .orderBy('sequence')
    .execute()
  // The link columns are authoritative: a tampered column must show up as a broken chain.
  return rows.map((row) => ({
    ...(JSON.parse(row.entry) as ChainedAuditRecord),
    previousHash: row.previous_hash,
    hash: row.hash,
  }))
}
