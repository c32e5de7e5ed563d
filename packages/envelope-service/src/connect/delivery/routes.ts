import { Type } from '@sinclair/typebox'
import { type App, NotFoundError } from 'platform'
import type { ServiceContext } from '../../context.js'
import { requirePermission } from '../../rest/account-scope.js'
import { connectMetrics } from './metrics/counters.js'
import { ConnectMetricsOutput } from './metrics/schema.js'
import {
  ConnectDeleteFailureResult,
  ConnectFailureResults,
  ConnectLogOutput,
  ConnectLogsOutput,
  RetryQueueInput,
} from './schema.js'
import {
  clearConnectLogs,
  connectFailures,
  connectLog,
  connectLogs,
  removeConnectFailure,
  removeConnectLog,
  retryEnvelopes,
} from './service.js'

const ErrorBody = Type.Object({ errorCode: Type.String(), message: Type.String() })
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody }
/**
 * DocuSign's ConnectEvents resource: the attempt log, the given-up deliveries, and the retry queue that
 * re-publishes an envelope's failed deliveries. Administrators only, like the configurations.
 */
export async function connectDeliveryRoutes(app: App, ctx: ServiceContext) {
  const common = { tags: ['Connect'], security: [{ bearer: [] }] }
  const preHandler = requirePermission('administer')

  app.get(
    '/connect/logs',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'The latest Connect delivery attempts',
        response: { 200: ConnectLogsOutput, ...errors },
      },
    },
    async (request) => connectLogs(ctx, request.principal.accountId),
  )

  app.get(
    '/connect/metrics',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Connect deliveries, failures, retries and queue depth per configuration',
        description:
          'Not a DocuSign resource. Attempt counts come from the Connect log (they start again when it is ' +
          'deleted); the queue and failures are as stored now. `connectId` `envelope` groups the ' +
          "envelopes' own eventNotification webhooks.",
        response: { 200: ConnectMetricsOutput, ...errors },
      },
    },
    async (request) => connectMetrics(ctx, request.principal.accountId),
  )

  app.get(
    '/connect/logs/:logId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'One Connect delivery attempt, with the body sent when logging was on',
        params: Type.Object({ logId: Type.String() }),
        response: { 200: ConnectLogOutput, ...errors },
      },
    },
    async (request) => connectLog(ctx, request.principal.accountId, request.params.logId),
  )

  app.delete(
    '/connect/logs',
    {
      preHandler,
      schema: { ...common, summary: 'Delete the Connect log', response: { 200: Type.Object({}), ...errors } },
    },
    async (request) => {
      await clearConnectLogs(ctx, request.principal.accountId)
      return {}
    },
  )

  app.delete(
    '/connect/logs/:logId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete one entry of the Connect log',
        params: Type.Object({ logId: Type.String() }),
        response: { 200: Type.Object({}), ...errors },
      },
    },
    async (request) => {
      await removeConnectLog(ctx, request.principal.accountId, request.params.logId)
      return {}
    },
  )

  app.get(
    '/connect/failures',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Deliveries given up after the retry window',
        response: { 200: ConnectLogsOutput, ...errors },
      },
    },
    async (request) => connectFailures(ctx, request.principal.accountId),
  )

  app.delete(
    '/connect/failures/:failureId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete a given-up delivery',
        params: Type.Object({ failureId: Type.String() }),
        response: { 200: ConnectDeleteFailureResult, ...errors },
      },
    },
    async (request) => removeConnectFailure(ctx, request.principal.accountId, request.params.failureId),
  )

  app.put(
    '/connect/envelopes/:envelopeId/retry_queue',
    {
      preHandler,
      schema: {
        ...common,
        summary: "Re-publish an envelope's failed Connect deliveries",
        params: Type.Object({ envelopeId: Type.String() }),
        response: { 200: ConnectFailureResults, ...errors },
      },
    },
    async (request) => {
      const result = await retryEnvelopes(ctx, request.principal.accountId, [request.params.envelopeId])
      if (result.retryQueue[0]?.status !== 'Success') {
        throw new NotFoundError(`Envelope ${request.params.envelopeId} was not found in this account`)
      }
      return result
    },
  )

  app.put(
    '/connect/envelopes/retry_queue',
    {
      preHandler,
      schema: {
        ...common,
        summary: "Re-publish several envelopes' failed Connect deliveries",
        body: RetryQueueInput,
        response: { 200: ConnectFailureResults, ...errors },
      },
    },
    async (request) => retryEnvelopes(ctx, request.principal.accountId, request.body.envelopeIds),
  )
}
