import { type Static, Type } from '@sinclair/typebox'
import {
  BulkSendBatchActionRequest,
  BulkSendBatchRequest,
  BulkSendBatchStatus,
  BulkSendBatchSummaries,
  BulkSendingList,
  BulkSendingListOutput,
  BulkSendingListSummaries,
  BulkSendRequest,
  BulkSendResponse,
  BulkSendTestResponse,
  EnvelopesInformation,
  ErrorDetails,
  MAX_BULK_COPIES,
} from 'esign-contract'
import { type App, InvalidRequestError, NotFoundError } from 'platform'
import type { ServiceContext } from '../context.js'
import { toEnvelopeOutput } from '../envelopes/mapping.js'
import { listStatusChanges } from '../envelopes/service.js'
import { requirePermission } from '../rest/account-scope.js'
import { StartPosition } from '../templates/schema.js'
import { applyBatchAction } from './actions.js'
import { copyEmails } from './copies.js'
import {
  type BulkSendBatch,
  batchEnvelopeIds,
  type CopyStatus,
  countCopies,
  failedCopies,
  listBatches,
  listLists,
  queuedCopiesOfAccount,
  renameBatch,
} from './repository.js'
import {
  type BulkSender,
  batchOrFail,
  createList,
  listOrFail,
  QUEUE_LIMIT,
  removeList,
  replaceList,
  sendList,
  testSend,
} from './service.js'

const ErrorBody = ErrorDetails
const common = { tags: ['BulkSend'], security: [{ bearer: [] }] }
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }

const ListParams = Type.Object({ accountId: Type.String(), bulkSendListId: Type.String({ maxLength: 100 }) })
const BatchParams = Type.Object({
  accountId: Type.String(),
  bulkSendBatchId: Type.String({ maxLength: 100 }),
})

const BatchActionParams = Type.Object({
  accountId: Type.String(),
  bulkSendBatchId: Type.String({ maxLength: 100 }),
  bulkAction: Type.String({ maxLength: 20, description: '`resend` or `void` (`correct` is not supported).' }),
})

const COPY_STATUSES = ['queued', 'sent', 'failed'] as const
const BatchesQuery = Type.Object({
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  start_position: Type.Optional(StartPosition),
  batch_ids: Type.Optional(Type.String({ maxLength: 4000, description: 'Comma list of batch ids.' })),
  status: Type.Optional(
    Type.String({
      maxLength: 20,
      description: '`all` (default), or batches with copies `queued`, `sent` or `failed`.',
    }),
  ),
})

const BatchEnvelopesQuery = Type.Object({
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  start_position: Type.Optional(StartPosition),
  status: Type.Optional(Type.String({ maxLength: 200, description: 'Comma list of envelope statuses.' })),
})

/** Failed copies reported in a batch's status at most. */
const MAX_BULK_ERRORS = 100

const senderOf = (principal: { accountId: string; userId: string; permissions: ReadonlySet<string> }) =>
  ({
    accountId: principal.accountId,
    userId: principal.userId,
    viewer: { userId: principal.userId, seesAll: principal.permissions.has('administer') },
  }) satisfies BulkSender

const listOutput = (list: {
  listId: string
  name: string
  copies: Static<typeof BulkSendingList>['bulkCopies']
}) => ({
  listId: list.listId,
  name: list.name,
  bulkCopies: list.copies,
})

const batchUri = (batchId: string) => `/bulk_send_batch/${batchId}`

function statusFilter(value: string | undefined): CopyStatus | undefined {
  const status = value?.trim().toLowerCase()
  if (status === undefined || status === '' || status === 'all') return undefined
  if (!(COPY_STATUSES as readonly string[]).includes(status)) {
    throw new InvalidRequestError(`status must be one of: all, ${COPY_STATUSES.join(', ')}`)
  }
  return status as CopyStatus
}

/** `/bulk_send_lists` and `/bulk_send_batch`: DocuSign's v2.1 Bulk Send API. */
export async function bulkSendRoutes(app: App, ctx: ServiceContext) {
  const summaries = async (accountId: string) => ({
    bulkListSummaries: (await listLists(ctx.db, accountId)).map((list) => ({
      bulkSendListId: list.listId,
      name: list.name,
      createdByUser: list.createdByUserId,
      createdDate: list.createdAt,
    })),
  })

  app.post(
    '/bulk_send_lists',
    {
      preHandler: requirePermission('send_envelopes'),
      schema: {
        ...common,
        summary: `Create a bulk send list (at most ${MAX_BULK_COPIES} copies)`,
        body: BulkSendingList,
        response: { 201: BulkSendingListOutput, ...errors },
      },
    },
    async (request, reply) => {
      const list = await createList(ctx, senderOf(request.principal), request.body)
      return reply.code(201).send(listOutput(list))
    },
  )

  app.get(
    '/bulk_send_lists',
    {
      schema: {
        ...common,
        summary: 'List the bulk send lists',
        response: { 200: BulkSendingListSummaries, ...errors },
      },
    },
    async (request) => summaries(request.principal.accountId),
  )

  app.get(
    '/bulk_send_lists/:bulkSendListId',
    {
      schema: {
        ...common,
        summary: 'Get a bulk send list',
        params: ListParams,
        response: { 200: BulkSendingListOutput, ...errors },
      },
    },
    async (request) =>
      listOutput(await listOrFail(ctx, request.principal.accountId, request.params.bulkSendListId)),
  )

  app.put(
    '/bulk_send_lists/:bulkSendListId',
    {
      preHandler: requirePermission('send_envelopes'),
      schema: {
        ...common,
        summary: 'Replace a bulk send list (batches already sent keep their copies)',
        params: ListParams,
        body: BulkSendingList,
        response: { 200: BulkSendingListOutput, ...errors },
      },
    },
    async (request) =>
      listOutput(
        await replaceList(ctx, request.principal.accountId, request.params.bulkSendListId, request.body),
      ),
  )

  app.delete(
    '/bulk_send_lists/:bulkSendListId',
    {
      preHandler: requirePermission('send_envelopes'),
      schema: {
        ...common,
        summary: 'Delete a bulk send list; answers the lists left',
        params: ListParams,
        response: { 200: BulkSendingListSummaries, ...errors },
      },
    },
    async (request) => {
      await removeList(ctx, request.principal.accountId, request.params.bulkSendListId)
      return summaries(request.principal.accountId)
    },
  )

  app.post(
    '/bulk_send_lists/:bulkSendListId/send',
    {
      preHandler: requirePermission('send_envelopes'),
      schema: {
        ...common,
        summary: 'Send a bulk send list from a template: queues a batch, one envelope per copy',
        params: ListParams,
        body: BulkSendRequest,
        response: { 201: BulkSendResponse, ...errors },
      },
    },
    async (request, reply) => {
      const response = await sendList(
        ctx,
        senderOf(request.principal),
        request.params.bulkSendListId,
        request.body,
      )
      return reply.code(201).send(response)
    },
  )

  app.post(
    '/bulk_send_lists/:bulkSendListId/test',
    {
      preHandler: requirePermission('send_envelopes'),
      schema: {
        ...common,
        summary: 'Check whether a bulk send list can be sent from a template, and why not',
        params: ListParams,
        body: BulkSendRequest,
        response: { 200: BulkSendTestResponse, ...errors },
      },
    },
    async (request) =>
      testSend(ctx, senderOf(request.principal), request.params.bulkSendListId, request.body),
  )

  app.get(
    '/bulk_send_batch',
    {
      schema: {
        ...common,
        summary: 'List bulk send batches, newest first',
        querystring: BatchesQuery,
        response: { 200: BulkSendBatchSummaries, ...errors },
      },
    },
    async (request) => {
      const { accountId } = request.principal
      const start = request.query.start_position ?? 0
      const batchIds = request.query.batch_ids
        ?.split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '')
      const withCopies = statusFilter(request.query.status)
      const { total, batches } = await listBatches(ctx.db, accountId, {
        start,
        count: request.query.count ?? 100,
        ...(batchIds && batchIds.length > 0 ? { batchIds } : {}),
        ...(withCopies ? { withCopies } : {}),
      })
      const counts = await countCopies(
        ctx.db,
        batches.map((batch) => batch.batchId),
      )
      return {
        batchSizeLimit: String(MAX_BULK_COPIES),
        queueLimit: String(QUEUE_LIMIT),
        totalQueued: String(await queuedCopiesOfAccount(ctx.db, accountId)),
        resultSetSize: String(batches.length),
        totalSetSize: String(total),
        startPosition: String(start),
        endPosition: String(start + Math.max(batches.length, 1) - 1),
        bulkBatchSummaries: batches.map((batch) => {
          const count = counts.get(batch.batchId) ?? { queued: 0, sent: 0, failed: 0 }
          return {
            batchId: batch.batchId,
            batchName: batch.name,
            batchSize: String(batch.size),
            batchUri: batchUri(batch.batchId),
            submittedDate: batch.submittedAt,
            queued: String(count.queued),
            sent: String(count.sent),
            failed: String(count.failed),
          }
        }),
      }
    },
  )

  async function batchStatus(batch: BulkSendBatch) {
    const [counts, failed] = await Promise.all([
      countCopies(ctx.db, [batch.batchId]),
      failedCopies(ctx.db, batch.batchId, MAX_BULK_ERRORS),
    ])
    const count = counts.get(batch.batchId) ?? { queued: 0, sent: 0, failed: 0 }
    return {
      batchId: batch.batchId,
      batchName: batch.name,
      batchSize: String(batch.size),
      envelopeIdOrTemplateId: batch.templateId,
      mailingListId: batch.listId,
      envelopesUri: `${batchUri(batch.batchId)}/envelopes`,
      senderUserId: batch.senderUserId,
      ownerUserId: batch.senderUserId,
      submittedDate: batch.submittedAt,
      queued: String(count.queued),
      sent: String(count.sent),
      failed: String(count.failed),
      bulkErrors: failed.map((copy) => ({
        created: copy.finishedAt,
        errorMessage: copy.error,
        recipientEmails: copyEmails(copy.copy),
      })),
    }
  }

  app.get(
    '/bulk_send_batch/:bulkSendBatchId',
    {
      schema: {
        ...common,
        summary: 'Get the status of a bulk send batch',
        params: BatchParams,
        response: { 200: BulkSendBatchStatus, ...errors },
      },
    },
    async (request) =>
      batchStatus(await batchOrFail(ctx, request.principal.accountId, request.params.bulkSendBatchId)),
  )

  app.put(
    '/bulk_send_batch/:bulkSendBatchId',
    {
      preHandler: requirePermission('send_envelopes'),
      schema: {
        ...common,
        summary: 'Rename a bulk send batch',
        params: BatchParams,
        body: BulkSendBatchRequest,
        response: { 200: BulkSendBatchStatus, ...errors },
      },
    },
    async (request) => {
      const { accountId } = request.principal
      const { bulkSendBatchId } = request.params
      if (!(await renameBatch(ctx.db, accountId, bulkSendBatchId, request.body.batchName))) {
        throw new NotFoundError(`Bulk send batch ${bulkSendBatchId} not found`, {
          errorCode: 'BULK_SEND_BATCH_NOT_FOUND',
        })
      }
      return batchStatus(await batchOrFail(ctx, accountId, bulkSendBatchId))
    },
  )

  app.put(
    '/bulk_send_batch/:bulkSendBatchId/:bulkAction',
    {
      preHandler: requirePermission('send_envelopes'),
      schema: {
        ...common,
        summary: "Resend or void the batch's envelopes in progress",
        params: BatchActionParams,
        body: BulkSendBatchActionRequest,
        response: { 200: BulkSendBatchStatus, ...errors },
      },
    },
    async (request) => {
      const { accountId, userId } = request.principal
      const batch = await batchOrFail(ctx, accountId, request.params.bulkSendBatchId)
      await applyBatchAction(ctx, { accountId, userId }, batch, request.params.bulkAction, request.body)
      return batchStatus(batch)
    },
  )

  app.get(
    '/bulk_send_batch/:bulkSendBatchId/envelopes',
    {
      schema: {
        ...common,
        summary: 'List the envelopes made from a bulk send batch',
        params: BatchParams,
        querystring: BatchEnvelopesQuery,
        response: { 200: EnvelopesInformation, ...errors },
      },
    },
    async (request) => {
      const { accountId } = request.principal
      const batch = await batchOrFail(ctx, accountId, request.params.bulkSendBatchId)
      const start = request.query.start_position ?? 0
      const count = request.query.count ?? 100
      const statuses = request.query.status
        ?.split(',')
        .map((status) => status.trim().toLowerCase())
        .filter((status) => status !== '' && status !== 'any')
      const envelopeIds = await batchEnvelopeIds(ctx.db, batch.batchId)
      const { total, envelopes } =
        envelopeIds.length === 0
          ? { total: 0, envelopes: [] }
          : await listStatusChanges(ctx.db, {
              accountId,
              envelopeIds,
              ...(statuses && statuses.length > 0 ? { statuses } : {}),
              start,
              count,
            })
      return {
        resultSetSize: String(envelopes.length),
        totalSetSize: String(total),
        startPosition: String(start),
        endPosition: String(start + Math.max(envelopes.length, 1) - 1),
        envelopes: envelopes.map((envelope) => toEnvelopeOutput(envelope)),
      }
    },
  )
}
