import type { Static } from '@sinclair/typebox'
import type { Selectable } from 'kysely'
import { envelopeStatusOf } from './envelope-status.js'
import type { ConnectLogOutput } from './schema.js'
import type { ConnectFailuresTable, ConnectLogsTable } from './tables.js'

/** Stored attempts and failures to DocuSign's `ConnectLog` shape: strings, absent values omitted. */

const optionalStatus = (status: string | undefined) => (status === undefined ? {} : { status })

const iso = (epochMs: number | string) => new Date(Number(epochMs)).toISOString()

export function toLogOutput(
  row: Selectable<ConnectLogsTable>,
  withPayload: boolean,
): Static<typeof ConnectLogOutput> {
  const ok = Number(row.status_code) >= 200 && Number(row.status_code) < 300
  const outcome = Number(row.status_code) === 0 ? 'no response' : `HTTP ${row.status_code}`
  return {
    logId: row.id,
    accountId: row.account_id,
    connectId: row.configuration_id,
    envelopeId: row.envelope_id,
    configUrl: row.url,
    ...optionalStatus(row.envelope_status ?? envelopeStatusOf(row.payload, row.event)),
    event: row.event,
    created: iso(row.created_at),
    ...(row.attempt === null ? {} : { retryCount: String(Math.max(0, Number(row.attempt) - 1)) }),
    ...(ok ? {} : { error: `${outcome}: ${row.response}` }),
    logUri: `/connect/logs/${row.id}`,
    ...(withPayload
      ? {
          connectDebugLog: [
            {
              eventDateTime: iso(row.created_at),
              eventDescription: `${row.event}: ${outcome} in ${row.duration_ms} ms: ${row.response}`,
              ...(row.payload !== null ? { payload: row.payload } : {}),
            },
          ],
        }
      : {}),
  }
}

export function toFailureOutput(row: Selectable<ConnectFailuresTable>): Static<typeof ConnectLogOutput> {
  return {
    failureId: row.id,
    accountId: row.account_id,
    connectId: row.configuration_id,
    envelopeId: row.envelope_id,
    configUrl: row.url,
    ...optionalStatus(envelopeStatusOf(row.payload, row.event)),
    event: row.event,
    created: iso(row.created_at),
    lastTry: iso(row.failed_at),
    retryCount: String(Math.max(0, Number(row.attempts) - 1)),
    error: row.last_error,
    failureUri: `/connect/failures/${row.id}`,
    retryUri: `/connect/envelopes/${row.envelope_id}/retry_queue`,
  }
}
