/**
 * The audit trail, append-only: one row per entry, keyed by envelope and sequence. `entry` is the whole
 * chained record as JSON; `previous_hash` and `hash` repeat its links as columns, and are the ones
 * verification trusts.
 */
export interface AuditEventsTable {
  envelope_id: string
  sequence: number
  entry: string
  previous_hash: string
  hash: string
}

export interface AuditTables {
  audit_events: AuditEventsTable
}
