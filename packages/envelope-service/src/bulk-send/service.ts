import type { BulkSendingCopy, BulkSendingList, BulkSendRequest } from 'esign-contract'
import { InvalidRequestError, NotFoundError } from 'platform'
import type { ServiceContext } from '../context.js'
import { newTimeOrderedId } from '../ids.js'
import type { Template } from '../templates/model.js'
import type { TemplateViewer } from '../templates/repository.js'
import { type CopyProblem, checkedCopyRequest, listProblems, unsupportedProperty } from './copies.js'
import {
  type BulkSendBatch,
  type BulkSendList,
  deleteList,
  findBatch,
  findList,
  insertBatch,
  insertList,
  queuedCopiesOfAccount,
  updateList,
} from './repository.js'
import { findBulkSource } from './source.js'

/** The job that sends queued copies (job.ts); `send` wakes it. */
export const BULK_SEND_JOB = 'bulk-send'

/**
 * Copies queued over all of an account's unfinished batches at most (DocuSign's `queueLimit`): a send
 * that would pass it is refused, so one account cannot queue without bound.
 */
export const QUEUE_LIMIT = 10_000

/** Problems reported by `test` at most; a list of a thousand bad copies does not need them all. */
const MAX_PROBLEMS = 50

export interface BulkSender {
  accountId: string
  userId: string
  viewer: TemplateViewer
}

type Context = Pick<ServiceContext, 'db' | 'templateCache' | 'jobs' | 'now'>

/** A list body as validated by the route schema, checked for what the schema cannot say. */
function checkedList(body: BulkSendingList): { name: string; copies: BulkSendingCopy[] } {
  const unsupported = unsupportedProperty(body as unknown as Record<string, unknown>)
  if (unsupported) {
    throw new InvalidRequestError(`${unsupported} is not supported in bulk send lists`, {
      errorCode: 'BULK_SEND_PROPERTY_NOT_SUPPORTED',
    })
  }
  const [problem] = listProblems(body.bulkCopies)
  if (problem) throw new InvalidRequestError(problem.message, { errorCode: problem.code })
  return { name: body.name, copies: body.bulkCopies }
}

export async function createList(ctx: Context, sender: BulkSender, body: BulkSendingList) {
  const { name, copies } = checkedList(body)
  const now = ctx.now()
  const list: BulkSendList = {
    listId: newTimeOrderedId(now),
    accountId: sender.accountId,
    name,
    copies,
    createdByUserId: sender.userId,
    createdAt: new Date(now).toISOString(),
  }
  await insertList(ctx.db, list)
  return list
}

export async function replaceList(ctx: Context, accountId: string, listId: string, body: BulkSendingList) {
  // A list read and sent back carries its id; another list's id is a mistake, not a rename.
  if (body.listId && body.listId !== listId) {
    throw new InvalidRequestError(`listId ${body.listId} differs from the list in the path, ${listId}`)
  }
  const { name, copies } = checkedList(body)
  const updated = await updateList(ctx.db, accountId, listId, {
    name,
    copies,
    updatedAt: new Date(ctx.now()).toISOString(),
  })
  if (!updated) throw listNotFound(listId)
  return { listId, name, copies }
}

export async function removeList(ctx: Context, accountId: string, listId: string): Promise<void> {
  if (!(await deleteList(ctx.db, accountId, listId))) throw listNotFound(listId)
}

export async function listOrFail(ctx: Context, accountId: string, listId: string): Promise<BulkSendList> {
  const list = await findList(ctx.db, accountId, listId)
  if (!list) throw listNotFound(listId)
  return list
}

export async function batchOrFail(ctx: Context, accountId: string, batchId: string): Promise<BulkSendBatch> {
  const batch = await findBatch(ctx.db, accountId, batchId)
  if (!batch) {
    throw new NotFoundError(`Bulk send batch ${batchId} not found`, {
      errorCode: 'BULK_SEND_BATCH_NOT_FOUND',
    })
  }
  return batch
}

const listNotFound = (listId: string) =>
  new NotFoundError(`Bulk send list ${listId} not found`, { errorCode: 'BULK_SEND_LIST_NOT_FOUND' })

/**
 * Why a list cannot be sent from `envelopeOrTemplateId` (empty when it can): a template the sender may
 * use or one of the sender's draft envelopes (source.ts), and every copy must make a valid request
 * from it. Envelope-level checks (addresses, tab values) run when each copy is created; a copy refused
 * then is counted failed.
 */
export async function sendProblems(
  ctx: Context,
  sender: BulkSender,
  list: BulkSendList,
  envelopeOrTemplateId: string,
): Promise<{ template?: Template; problems: CopyProblem[] }> {
  const source = await findBulkSource(ctx, sender.accountId, sender.viewer, envelopeOrTemplateId)
  if (source.kind === 'missing') return { problems: [source.problem] }
  const { template } = source
  const problems: CopyProblem[] = []
  for (const [index, copy] of list.copies.entries()) {
    const built = checkedCopyRequest(template, copy, index)
    if ('problems' in built) problems.push(...built.problems)
    if (problems.length >= MAX_PROBLEMS) break
  }
  return { template, problems: problems.slice(0, MAX_PROBLEMS) }
}

export async function testSend(ctx: Context, sender: BulkSender, listId: string, request: BulkSendRequest) {
  const list = await listOrFail(ctx, sender.accountId, listId)
  const { problems } = await sendProblems(ctx, sender, list, request.envelopeOrTemplateId)
  return {
    canBeSent: problems.length === 0,
    validationErrors: [...new Set(problems.map((problem) => problem.code))],
    validationErrorDetails: problems.map((problem) => problem.message),
  }
}

/**
 * Queues a batch: the list's copies are stored with the batch (later edits of the list do not change
 * it) and the job is woken. Refused as a whole when any copy cannot be built from the template.
 */
export async function sendList(ctx: Context, sender: BulkSender, listId: string, request: BulkSendRequest) {
  const list = await listOrFail(ctx, sender.accountId, listId)
  const { problems } = await sendProblems(ctx, sender, list, request.envelopeOrTemplateId)
  const [first] = problems
  if (first) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more; see the test operation)` : ''
    throw new InvalidRequestError(`${first.message}${more}`, { errorCode: first.code })
  }
  const queued = await queuedCopiesOfAccount(ctx.db, sender.accountId)
  if (queued + list.copies.length > QUEUE_LIMIT) {
    throw new InvalidRequestError(
      `The account has ${queued} bulk copies queued; ${list.copies.length} more would pass the queue limit of ${QUEUE_LIMIT}`,
      { errorCode: 'BULK_SEND_QUEUE_LIMIT_EXCEEDED' },
    )
  }
  const now = ctx.now()
  const batch: BulkSendBatch = {
    batchId: newTimeOrderedId(now),
    accountId: sender.accountId,
    name: request.batchName || list.name,
    listId,
    templateId: request.envelopeOrTemplateId,
    senderUserId: sender.userId,
    seesAllTemplates: sender.viewer.seesAll,
    size: list.copies.length,
    submittedAt: new Date(now).toISOString(),
  }
  await ctx.db.transaction().execute((tx) => insertBatch(tx, batch, list.copies, now))
  await ctx.jobs.wake(BULK_SEND_JOB)
  return {
    batchId: batch.batchId,
    batchName: batch.name,
    batchSize: String(batch.size),
    envelopeOrTemplateId: batch.templateId,
    queueLimit: String(QUEUE_LIMIT),
    totalQueued: String(queued + batch.size),
    errors: [],
    errorDetails: [],
  }
}
