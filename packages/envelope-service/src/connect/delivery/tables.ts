/**
 * Row types of Connect delivery (conventions: see identity/tables.ts). Times are epoch milliseconds.
 * A delivery is one event for one target; it leaves `connect_deliveries` when a 2xx answers it (logged
 * in `connect_logs`) or when its retry window closes (moved to `connect_failures`).
 */
export interface ConnectDeliveriesTable {
  /** Time-ordered GUID: the order deliveries of one envelope to one target go out in. */
  id: string
  account_id: string
  envelope_id: string
  /** A configuration's id, or `envelope` for the envelope's own `eventNotification`. */
  configuration_id: string
  url: string
  event: string
  /** The exact JSON body to POST (retryCount 0; the sender rewrites it on each retry). */
  payload: string
  include_hmac: number
  logging_enabled: number
  attempts: number
  next_attempt_at: number
  lease_owner: string | null
  lease_expires_at: number | null
  last_error: string | null
  created_at: number
}

/** One attempt: kept for operators (DocuSign's Connect log). */
export interface ConnectLogsTable {
  id: string
  account_id: string
  envelope_id: string
  configuration_id: string
  url: string
  event: string
  /** HTTP status, 0 when no response came (refused, timed out, unreachable). */
  status_code: number
  /** The start of the response body, or why there was none. */
  response: string
  duration_ms: number
  /** Which attempt of its delivery this was, 1 for the first; null on entries older than the column. */
  attempt: number | null
  /** The body sent, only when the configuration logs payloads. */
  payload: string | null
  /** The envelope's status in the payload sent; null on entries older than the column. */
  envelope_status: string | null
  created_at: number
}

/** Deliveries given up after the retry window: kept until retried or deleted through the API. */
export interface ConnectFailuresTable {
  id: string
  account_id: string
  envelope_id: string
  configuration_id: string
  url: string
  event: string
  payload: string
  include_hmac: number
  logging_enabled: number
  attempts: number
  last_error: string
  created_at: number
  failed_at: number
}

export interface ConnectDeliveryTables {
  connect_deliveries: ConnectDeliveriesTable
  connect_logs: ConnectLogsTable
  connect_failures: ConnectFailuresTable
}
