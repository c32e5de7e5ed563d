import { Type } from '@sinclair/typebox'

/** DocuSign's ConnectEvents shapes (`ConnectLog`, `ConnectLogs`, retry results), as the SDK's ConnectApi reads them. */

export const ConnectDebugLog = Type.Object({
  eventDateTime: Type.String(),
  eventDescription: Type.String(),
  payload: Type.Optional(Type.String()),
})

export const ConnectLogOutput = Type.Object({
  logId: Type.Optional(Type.String()),
  failureId: Type.Optional(Type.String()),
  accountId: Type.String(),
  connectId: Type.String({ description: 'The configuration id, or `envelope` for an eventNotification.' }),
  envelopeId: Type.String(),
  configUrl: Type.String(),
  status: Type.Optional(
    Type.String({
      description: "The envelope's status in the payload sent (DocuSign's `ConnectLog.status`), e.g. `sent`.",
    }),
  ),
  event: Type.String({
    description: "Addition to DocuSign's shape: the Connect event delivered, e.g. `envelope-completed`.",
  }),
  created: Type.String(),
  lastTry: Type.Optional(Type.String()),
  retryCount: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
  logUri: Type.Optional(Type.String()),
  failureUri: Type.Optional(Type.String()),
  retryUri: Type.Optional(Type.String()),
  connectDebugLog: Type.Optional(Type.Array(ConnectDebugLog)),
})

export const ConnectLogsOutput = Type.Object({
  type: Type.String(),
  totalRecords: Type.String(),
  logs: Type.Optional(Type.Array(ConnectLogOutput)),
  failures: Type.Optional(Type.Array(ConnectLogOutput)),
})

export const ConnectFailureResults = Type.Object({
  retryQueue: Type.Array(
    Type.Object({
      envelopeId: Type.String(),
      status: Type.String(),
      statusMessage: Type.Optional(Type.String()),
    }),
  ),
})

export const ConnectDeleteFailureResult = Type.Object({
  failures: Type.Array(
    Type.Object({
      failureId: Type.String(),
      status: Type.String(),
      statusMessage: Type.Optional(Type.String()),
    }),
  ),
})

export const RetryQueueInput = Type.Object({
  envelopeIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100 }),
})
