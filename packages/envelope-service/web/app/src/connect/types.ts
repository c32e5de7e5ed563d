/** The parts of DocuSign's Connect shapes (and the metrics extension) the Connect screen reads. */

export interface ConnectConfiguration {
  connectId: string
  name: string
  urlToPublishTo: string
  events: string[]
  includeHMAC: string
  hmacSecrets: { keyId: string; created: string; secret?: string }[]
  eventData: { version: string; format: string; includeData: string[] }
  enabled: string
  allUsers: string
  userIds?: string[]
}

export interface ConnectLog {
  logId?: string
  failureId?: string
  connectId: string
  envelopeId: string
  configUrl: string
  event: string
  created: string
  lastTry?: string
  retryCount?: string
  error?: string
  connectDebugLog?: { eventDateTime: string; eventDescription: string; payload?: string }[]
}

export interface ConnectLogs {
  totalRecords: string
  logs?: ConnectLog[]
  failures?: ConnectLog[]
}

interface Counts {
  delivered: number
  failedAttempts: number
  retries: number
  failures: number
  queue: { pending: number; awaitingRetry: number; inFlight: number }
}

export interface ConnectMetrics {
  totals: Counts
  configurations: (Counts & { connectId: string; name?: string })[]
}

export interface ConnectKey {
  keyId: string
  created: string
  secret?: string
}
