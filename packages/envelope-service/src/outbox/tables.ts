/**
 * The transactional outbox: work that a state change owes the outside world (an invitation to send,
 * a webhook to deliver), written in the same transaction as the change, so it happens at least once
 * and never for a change that rolled back. Dispatchers claim rows by topic under a lease, then
 * complete (delete) them or put them back for a retry. Times are epoch milliseconds.
 */
export interface OutboxTable {
  /** Time-ordered GUID (version 7). */
  id: string
  /** What kind of work, e.g. `recipient.invite`, `envelope.event`: the dispatcher that owns it. */
  topic: string
  /** JSON: what the dispatcher needs, by id (rows are re-read when dispatched). */
  payload: string
  /** Not claimed before this time: a retry's backoff. */
  available_at: number
  /** Claims so far: the first delivery is attempt 1. */
  attempts: number
  /** Who holds the row while dispatching it; null when nobody does. */
  lease_owner: string | null
  /** The lease ends here; after it another dispatcher may claim the row. */
  lease_expires_at: number | null
  /** Why the last attempt failed, for operators. */
  last_error: string | null
  created_at: number
}

export interface OutboxTables {
  outbox: OutboxTable
}
