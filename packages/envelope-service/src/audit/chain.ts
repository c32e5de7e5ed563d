import { hash } from 'node:crypto'

/**
 * The envelope's audit trail as an append-only hash chain: each entry carries the SHA-256 of the
 * previous one, and its own hash covers its content plus that link, so changing, removing or
 * reordering any entry breaks the chain at that entry. Hashes are over a canonical serialization
 * (JSON with keys sorted at every level, absent fields omitted), so they do not depend on column order
 * or on how a database returns the row.
 */

/** The `previousHash` of an envelope's first entry. */
export const GENESIS_HASH = '0'.repeat(64)

export interface AuditRecord {
  envelopeId: string
  /** 1..N within the envelope. */
  sequence: number
  /** ISO 8601 UTC with milliseconds. */
  loggedAt: string
  /** DocuSign's history action, e.g. `Sent Invitations`, `Viewed`, `Signed`, `Voided`. */
  action: string
  /** Who acted: `API` (the sender through the REST API), `Web` (a recipient's browser) or `System`. */
  source: string
  userName: string
  userId?: string
  /** The agent who acted on behalf of `userId` (shared access, `X-DocuSign-Act-On-Behalf`). */
  actingAgentUserId?: string
  recipientId?: string
  message: string
  envelopeStatus: string
  clientIpAddress?: string
  userAgent?: string
  /** Further detail, e.g. a delivery attempt's failure. */
  information?: string
}

export interface ChainedAuditRecord extends AuditRecord {
  previousHash: string
  hash: string
}

/** Links a new entry to the chain: `previousHash` is the last entry's hash, or GENESIS_HASH. */
export function chainEntry(previousHash: string, entry: AuditRecord): ChainedAuditRecord {
  const linked = { ...withoutLinks(entry), previousHash }
  return { ...linked, hash: hashOf(linked) }
}

/**
 * Appends records after `last` (undefined for a new chain), numbering them on. Two writers appending to
 * one envelope must be serialized: a unique (envelopeId, sequence) key makes the loser retry.
 */
export function appendEntries(
  last: ChainedAuditRecord | undefined,
  records: readonly Omit<AuditRecord, 'sequence'>[],
): ChainedAuditRecord[] {
  const chained: ChainedAuditRecord[] = []
  let previous = last
  for (const record of records) {
    previous = chainEntry(previous?.hash ?? GENESIS_HASH, {
      ...record,
      sequence: (previous?.sequence ?? 0) + 1,
    })
    chained.push(previous)
  }
  return chained
}

/** The last entry of a chain, as the envelope stores it beside the chain and the certificate prints it. */
export interface AuditHead {
  sequence: number
  hash: string
}

/** The head each envelope's chain has after `entries` (appended in order). */
export function headsOf(entries: readonly ChainedAuditRecord[]): Map<string, AuditHead> {
  const heads = new Map<string, AuditHead>()
  for (const entry of entries) heads.set(entry.envelopeId, { sequence: entry.sequence, hash: entry.hash })
  return heads
}

export type ChainVerification =
  | { ok: true; entries: number }
  | { ok: false; index: number; sequence: number | undefined; reason: 'broken-link' | 'content-changed' }

export type TrailVerification =
  | ChainVerification
  | { ok: false; reason: 'head-mismatch'; head: AuditHead | undefined; last: AuditHead | undefined }
  | { ok: false; reason: 'final-entry-missing'; status: string; action: string }

/** Recomputes the chain in order and reports the first entry whose link or content does not match. */
export function verifyChain(entries: readonly ChainedAuditRecord[]): ChainVerification {
  let previousHash = GENESIS_HASH
  for (const [index, entry] of entries.entries()) {
    const broken = (reason: 'broken-link' | 'content-changed') =>
      ({ ok: false, index, sequence: entry.sequence, reason }) as const
    if (entry.previousHash !== previousHash) return broken('broken-link')
    if (hashOf({ ...withoutLinks(entry), previousHash }) !== entry.hash) return broken('content-changed')
    previousHash = entry.hash
  }
  return { ok: true, entries: entries.length }
}

/**
 * JSON with object keys sorted at every level and undefined fields omitted. Every state change of an
 * envelope hashes its new entries, envelope create included, so this is written as plain loops
 * (no intermediate arrays of entries); the output is the same string as before, byte for byte, or
 * stored chains would no longer verify.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) {
    let out = '['
    for (let index = 0; index < value.length; index++) {
      // Like Array#join: an item JSON cannot represent (undefined) leaves its slot empty.
      out += (index === 0 ? '' : ',') + (canonicalJson(value[index]) ?? '')
    }
    return `${out}]`
  }
  const record = value as Record<string, unknown>
  // Default sort order is by UTF-16 code units, as the explicit `<` comparison before was.
  const keys = Object.keys(record).sort()
  let out = '{'
  for (const key of keys) {
    const field = record[key]
    if (field === undefined) continue
    out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(field)}`
  }
  return `${out}}`
}

function hashOf(linked: AuditRecord & { previousHash: string }): string {
  return hash('sha256', canonicalJson(linked), 'hex')
}

function withoutLinks(entry: AuditRecord | ChainedAuditRecord): AuditRecord {
  const { previousHash: _previous, hash: _hash, ...record } = entry as ChainedAuditRecord
  return record
}

/** The entry that ends an envelope's lifecycle in each final status. */
const FINAL_ACTIONS: Record<string, string> = {
  completed: 'Completed',
  declined: 'Declined',
  voided: 'Voided',
}

/**
 * The whole check of a stored trail: the chain recomputes (verifyChain); it ends at the head the envelope
 * stored with its last entry, so entries cut from its end are found; and an envelope in a final status
 * has the entry that put it there, with nothing after it but entries of that same status (deliveries of
 * the last messages, moves between folders).
 */
export function verifyTrail(
  entries: readonly ChainedAuditRecord[],
  envelope: { status: string; auditHead: AuditHead | undefined },
): TrailVerification {
  const chain = verifyChain(entries)
  if (!chain.ok) return chain
  const lastEntry = entries.at(-1)
  const last = lastEntry && { sequence: lastEntry.sequence, hash: lastEntry.hash }
  if (last?.sequence !== envelope.auditHead?.sequence || last?.hash !== envelope.auditHead?.hash) {
    return { ok: false, reason: 'head-mismatch', head: envelope.auditHead, last }
  }
  const action = FINAL_ACTIONS[envelope.status]
  if (action) {
    const final = entries.findLastIndex((entry) => entry.action === action)
    const settled =
      final >= 0 && entries.slice(final).every((entry) => entry.envelopeStatus === envelope.status)
    if (!settled) return { ok: false, reason: 'final-entry-missing', status: envelope.status, action }
  }
  return chain
}

const headText = (head: AuditHead | undefined) =>
  head ? `entry ${head.sequence} (${head.hash.slice(0, 16)}…)` : 'no entry'

/** One line for `verify-audit`: the chain is intact, or where it first breaks and how. */
export function describeVerification(envelopeId: string, result: TrailVerification): string {
  if (result.ok) return `Audit trail of envelope ${envelopeId} is intact (${result.entries} entries).`
  if (result.reason === 'head-mismatch') {
    return `Audit trail of envelope ${envelopeId} is broken: it ends at ${headText(result.last)} but the envelope recorded its last entry as ${headText(result.head)} (entries were removed from its end, or added outside the service).`
  }
  if (result.reason === 'final-entry-missing') {
    return `Audit trail of envelope ${envelopeId} is broken: the envelope is ${result.status} but its trail does not end with the "${result.action}" entry.`
  }
  const how =
    result.reason === 'content-changed'
      ? 'its content no longer matches its hash'
      : 'it does not link to the entry before it (an entry was removed, inserted or reordered)'
  return `Audit trail of envelope ${envelopeId} is broken at entry ${result.sequence ?? '?'} (position ${result.index + 1}): ${how}.`
}
