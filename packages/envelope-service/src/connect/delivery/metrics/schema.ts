import { type Static, Type } from '@sinclair/typebox'

/**
 * `GET .../connect/metrics`: not a DocuSign resource (DocuSign has none), so plain JSON numbers meant
 * for a person or a dashboard. Counts of attempts come from the Connect log, so they start again when
 * the log is deleted; the queue and the failures are the stored rows now.
 */

const Queue = Type.Object({
  pending: Type.Integer({ description: 'Deliveries waiting for an attempt, including awaitingRetry.' }),
  awaitingRetry: Type.Integer({ description: 'Pending deliveries whose earlier attempt failed.' }),
  inFlight: Type.Integer({ description: 'Deliveries with an attempt under way.' }),
  oldestQueuedDateTime: Type.Optional(
    Type.String({ description: 'When the oldest queued delivery was created.' }),
  ),
})

const Counts = Type.Object({
  delivered: Type.Integer({ description: 'Attempts answered with a 2xx (in the Connect log).' }),
  failedAttempts: Type.Integer({ description: 'Attempts answered otherwise or not at all (in the log).' }),
  retries: Type.Integer({ description: "Attempts that were not their delivery's first (in the log)." }),
  failures: Type.Integer({
    description: 'Deliveries given up after the retry window, not yet retried or deleted.',
  }),
  queue: Queue,
})

export const ConnectTargetMetrics = Type.Composite([
  Type.Object({
    connectId: Type.String({
      description: 'The configuration id, or `envelope` for all envelopes’ own eventNotification webhooks.',
    }),
    name: Type.Optional(Type.String()),
    urlToPublishTo: Type.Optional(Type.String()),
    enabled: Type.Optional(Type.Boolean()),
  }),
  Counts,
])

export const ConnectMetricsOutput = Type.Object({
  generatedDateTime: Type.String(),
  totals: Counts,
  configurations: Type.Array(ConnectTargetMetrics),
})

export type ConnectTargetMetrics = Static<typeof ConnectTargetMetrics>
export type ConnectMetricsOutput = Static<typeof ConnectMetricsOutput>
