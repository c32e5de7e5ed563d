import { type DbOrTx, insertRows } from '../database.js'
import { type AuditHead, type ChainedAuditRecord, headsOf } from './chain.js'

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

/**
 * Appends chained entries and moves each envelope's head (its last sequence and hash, on the envelope)
 * in the same transaction; the (envelope, sequence) key makes a concurrent second appender fail.
 * `headsWritten`: the caller stored the heads itself (a new envelope's row carries its first head).
 */
export async function insertAuditEntries(
  tx: DbOrTx,
  entries: readonly ChainedAuditRecord[],
  options: { headsWritten?: boolean } = {},
): Promise<void> {
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
  if (options.headsWritten) return
  for (const [envelopeId, head] of headsOf(entries)) {
    await tx
      .updateTable('envelopes')
      .set({ audit_head_sequence: head.sequence, audit_head_hash: head.hash })
      .where('id', '=', envelopeId)
      .execute()
  }
}

/** The head the envelope recorded with its last audit entry; undefined before the first. */
export async function findAuditHead(db: DbOrTx, envelopeId: string): Promise<AuditHead | undefined> {
  const row = await db
    .selectFrom('envelopes')
    .select(['audit_head_sequence', 'audit_head_hash'])
    .where('id', '=', envelopeId)
    .executeTakeFirst()
  return row?.audit_head_sequence != null && row.audit_head_hash != null
    ? { sequence: row.audit_head_sequence, hash: row.audit_head_hash }
    : undefined
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
