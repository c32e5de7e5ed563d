import { NotFoundError } from 'platform'
import type { ServiceContext } from '../../context.js'
import { findEnvelope } from '../../envelopes/reads.js'
import { toFailureOutput, toLogOutput } from './mapping.js'
import {
  deleteFailure,
  deleteLog,
  deleteLogs,
  findLog,
  listFailures,
  listLogs,
  requeueFailures,
} from './repository.js'
import { CONNECT_SENDER_JOB } from './sender.js'

/** DocuSign's ConnectEvents operations over the attempt log, the failures and the retry queue. */

/** DocuSign keeps the latest 100 entries; older ones stay stored here but are not listed. */
const LOG_PAGE = 100

export async function connectLogs(ctx: ServiceContext, accountId: string) {
  const rows = await listLogs(ctx.db, accountId, LOG_PAGE)
  return { type: 'logs', totalRecords: String(rows.length), logs: rows.map((row) => toLogOutput(row, false)) }
}

export async function connectLog(ctx: ServiceContext, accountId: string, logId: string) {
  const row = await findLog(ctx.db, accountId, logId)
  if (!row) throw new NotFoundError(`Connect log ${logId} was not found in this account`)
  return toLogOutput(row, true)
}

export async function clearConnectLogs(ctx: ServiceContext, accountId: string): Promise<void> {
  await deleteLogs(ctx.db, accountId)
}

export async function removeConnectLog(ctx: ServiceContext, accountId: string, logId: string): Promise<void> {
  if (!(await deleteLog(ctx.db, accountId, logId))) {
    throw new NotFoundError(`Connect log ${logId} was not found in this account`)
  }
}

export async function connectFailures(ctx: ServiceContext, accountId: string) {
  const rows = await listFailures(ctx.db, accountId)
  return { type: 'failures', totalRecords: String(rows.length), failures: rows.map(toFailureOutput) }
}

export async function removeConnectFailure(ctx: ServiceContext, accountId: string, failureId: string) {
  if (!(await deleteFailure(ctx.db, accountId, failureId))) {
    throw new NotFoundError(`Connect failure ${failureId} was not found in this account`)
  }
  return { failures: [{ failureId, status: 'deleted' }] }
}

/** Re-queues the envelopes' failed deliveries and wakes the sender; envelopes of other accounts fail. */
export async function retryEnvelopes(ctx: ServiceContext, accountId: string, envelopeIds: string[]) {
  const known: string[] = []
  for (const envelopeId of envelopeIds) {
    if (await findEnvelope(ctx.db, accountId, envelopeId)) known.push(envelopeId)
  }
  const counts = await requeueFailures(ctx.db, accountId, known, ctx.now(), ctx.sequentialId)
  if ([...counts.values()].some((count) => count > 0)) void ctx.jobs.wake(CONNECT_SENDER_JOB).catch(() => {})
  return {
    retryQueue: envelopeIds.map((envelopeId) =>
      counts.has(envelopeId)
        ? {
            envelopeId,
            status: 'Success',
            statusMessage: `${counts.get(envelopeId)} failed deliveries queued again`,
          }
        : { envelopeId, status: 'Failed', statusMessage: 'The envelope was not found in this account' },
    ),
  }
}
