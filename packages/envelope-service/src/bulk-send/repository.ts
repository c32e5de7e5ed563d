import type { BulkSendingCopy } from 'esign-contract'
import type { DbOrTx } from '../database.js'

/** Bulk send lists, batches and their copies. Rows are mapped to these values here. */

export interface BulkSendList {
  listId: string
  accountId: string
  name: string
  copies: BulkSendingCopy[]
  createdByUserId: string
  createdAt: string
}

export interface BulkSendBatch {
  batchId: string
  accountId: string
  name: string
  listId: string
  templateId: string
  senderUserId: string
  seesAllTemplates: boolean
  size: number
  submittedAt: string
}

export type CopyStatus = 'queued' | 'sent' | 'failed'

export interface CopyCounts {
  queued: number
  sent: number
  failed: number
}

export interface QueuedCopy {
  copyIndex: number
  copy: BulkSendingCopy
}

export interface FailedCopy {
  copy: BulkSendingCopy
  error: string
  finishedAt: string
}

/** What the job did with one copy. */
export type CopyOutcome =
  | { copyIndex: number; status: 'sent'; envelopeId: string }
  | { copyIndex: number; status: 'failed'; error: string }

export async function insertList(db: DbOrTx, list: BulkSendList): Promise<void> {
  await db
    .insertInto('bulk_send_lists')
    .values({
      id: list.listId,
      account_id: list.accountId,
      name: list.name,
      copies: JSON.stringify(list.copies),
      created_by_user_id: list.createdByUserId,
      created_at: list.createdAt,
      updated_at: list.createdAt,
    })
    .execute()
}

/** False when the account has no such list. */
export async function updateList(
  db: DbOrTx,
  accountId: string,
  listId: string,
  change: { name: string; copies: BulkSendingCopy[]; updatedAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('bulk_send_lists')
    .set({ name: change.name, copies: JSON.stringify(change.copies), updated_at: change.updatedAt })
    .where('account_id', '=', accountId)
    .where('id', '=', listId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** False when the account has no such list. */
export async function deleteList(db: DbOrTx, accountId: string, listId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('bulk_send_lists')
    .where('account_id', '=', accountId)
    .where('id', '=', listId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export async function findList(
  db: DbOrTx,
  accountId: string,
  listId: string,
): Promise<BulkSendList | undefined> {
  const row = await db
    .selectFrom('bulk_send_lists')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', listId)
    .executeTakeFirst()
  return (
    row && {
      listId: row.id,
      accountId: row.account_id,
      name: row.name,
      copies: JSON.parse(row.copies) as BulkSendingCopy[],
      createdByUserId: row.created_by_user_id,
      createdAt: row.created_at,
    }
  )
}

/** The account's lists, oldest first, without their copies. */
export async function listLists(
  db: DbOrTx,
  accountId: string,
): Promise<{ listId: string; name: string; createdByUserId: string; createdAt: string }[]> {
  const rows = await db
    .selectFrom('bulk_send_lists')
    .select(['id', 'name', 'created_by_user_id', 'created_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    listId: row.id,
    name: row.name,
    createdByUserId: row.created_by_user_id,
    createdAt: row.created_at,
  }))
}

/** A batch with its copies, due for the job at `dueAt`. */
export async function insertBatch(
  db: DbOrTx,
  batch: BulkSendBatch,
  copies: readonly BulkSendingCopy[],
  dueAt: number,
): Promise<void> {
  await db
    .insertInto('bulk_send_batches')
    .values({
      id: batch.batchId,
      account_id: batch.accountId,
      name: batch.name,
      list_id: batch.listId,
      template_id: batch.templateId,
      sender_user_id: batch.senderUserId,
      sees_all_templates: batch.seesAllTemplates ? 1 : 0,
      size: batch.size,
      submitted_at: batch.submittedAt,
      due_at: dueAt,
    })
    .execute()
  // Chunks keep each statement under SQLite's and PostgreSQL's bound-parameter limits.
  for (let start = 0; start < copies.length; start += 200) {
    await db
      .insertInto('bulk_send_copies')
      .values(
        copies.slice(start, start + 200).map((copy, offset) => ({
          batch_id: batch.batchId,
          copy_index: start + offset,
          copy: JSON.stringify(copy),
          status: 'queued',
          envelope_id: null,
          error: null,
          finished_at: null,
        })),
      )
      .execute()
  }
}

type BatchRow = {
  id: string
  account_id: string
  name: string
  list_id: string
  template_id: string
  sender_user_id: string
  sees_all_templates: number
  size: number
  submitted_at: string
}

const toBatch = (row: BatchRow): BulkSendBatch => ({
  batchId: row.id,
  accountId: row.account_id,
  name: row.name,
  listId: row.list_id,
  templateId: row.template_id,
  senderUserId: row.sender_user_id,
  seesAllTemplates: row.sees_all_templates === 1,
  size: Number(row.size),
  submittedAt: row.submitted_at,
})

const batchColumns = [
  'id',
  'account_id',
  'name',
  'list_id',
  'template_id',
  'sender_user_id',
  'sees_all_templates',
  'size',
  'submitted_at',
] as const

export async function findBatch(
  db: DbOrTx,
  accountId: string,
  batchId: string,
): Promise<BulkSendBatch | undefined> {
  const row = await db
    .selectFrom('bulk_send_batches')
    .select(batchColumns)
    .where('account_id', '=', accountId)
    .where('id', '=', batchId)
    .executeTakeFirst()
  return row && toBatch(row)
}

/** False when the account has no such batch. */
export async function renameBatch(db: DbOrTx, accountId: string, batchId: string, name: string) {
  const result = await db
    .updateTable('bulk_send_batches')
    .set({ name })
    .where('account_id', '=', accountId)
    .where('id', '=', batchId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The account's batches, newest first, a page of them and the total. */
export async function listBatches(
  db: DbOrTx,
  accountId: string,
  page: { start: number; count: number; batchIds?: string[]; withCopies?: CopyStatus },
): Promise<{ total: number; batches: BulkSendBatch[] }> {
  let query = db.selectFrom('bulk_send_batches').where('account_id', '=', accountId)
  if (page.batchIds) query = query.where('id', 'in', page.batchIds)
  const { withCopies } = page
  if (withCopies) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('bulk_send_copies')
          .select('bulk_send_copies.copy_index')
          .whereRef('bulk_send_copies.batch_id', '=', 'bulk_send_batches.id')
          .where('bulk_send_copies.status', '=', withCopies),
      ),
    )
  }
  const [total, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    query
      .select(batchColumns)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.start)
      .limit(page.count)
      .execute(),
  ])
  return { total: Number(total.total), batches: rows.map(toBatch) }
}

/** How many copies of each batch are queued, sent and failed. */
export async function countCopies(db: DbOrTx, batchIds: readonly string[]): Promise<Map<string, CopyCounts>> {
  const counts = new Map(batchIds.map((id) => [id, { queued: 0, sent: 0, failed: 0 }]))
  if (batchIds.length === 0) return counts
  const rows = await db
    .selectFrom('bulk_send_copies')
    .select(['batch_id', 'status', (eb) => eb.fn.countAll<number | string>().as('copies')])
    .where('batch_id', 'in', [...batchIds])
    .groupBy(['batch_id', 'status'])
    .execute()
  for (const row of rows) {
    const batch = counts.get(row.batch_id)
    if (batch && (row.status === 'queued' || row.status === 'sent' || row.status === 'failed')) {
      batch[row.status] = Number(row.copies)
    }
  }
  return counts
}

/** Copies of the account's batches that are still queued (DocuSign's `totalQueued`). */
export async function queuedCopiesOfAccount(db: DbOrTx, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('bulk_send_copies')
    .innerJoin('bulk_send_batches', 'bulk_send_batches.id', 'bulk_send_copies.batch_id')
    .select((eb) => eb.fn.countAll<number | string>().as('queued'))
    .where('bulk_send_batches.account_id', '=', accountId)
    .where('bulk_send_batches.due_at', 'is not', null)
    .where('bulk_send_copies.status', '=', 'queued')
    .executeTakeFirstOrThrow()
  return Number(row.queued)
}

export async function failedCopies(db: DbOrTx, batchId: string, limit: number): Promise<FailedCopy[]> {
  const rows = await db
    .selectFrom('bulk_send_copies')
    .select(['copy', 'error', 'finished_at'])
    .where('batch_id', '=', batchId)
    .where('status', '=', 'failed')
    .orderBy('copy_index')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    copy: JSON.parse(row.copy) as BulkSendingCopy,
    error: row.error ?? '',
    finishedAt: row.finished_at ?? '',
  }))
}

/** The envelopes made from a batch's copies, in copy order. */
export async function batchEnvelopeIds(db: DbOrTx, batchId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('bulk_send_copies')
    .select('envelope_id')
    .where('batch_id', '=', batchId)
    .where('envelope_id', 'is not', null)
    .orderBy('copy_index')
    .execute()
  return rows.flatMap((row) => (row.envelope_id ? [row.envelope_id] : []))
}

/** The batch that has waited longest among those due at `now`, if any. */
export async function nextDueBatch(db: DbOrTx, now: number): Promise<BulkSendBatch | undefined> {
  const row = await db
    .selectFrom('bulk_send_batches')
    .select(batchColumns)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row && toBatch(row)
}

export async function queuedCopies(db: DbOrTx, batchId: string, limit: number): Promise<QueuedCopy[]> {
  const rows = await db
    .selectFrom('bulk_send_copies')
    .select(['copy_index', 'copy'])
    .where('batch_id', '=', batchId)
    .where('status', '=', 'queued')
    .orderBy('copy_index')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    copyIndex: Number(row.copy_index),
    copy: JSON.parse(row.copy) as BulkSendingCopy,
  }))
}

/** Records what became of copies; a copy already finished keeps its first outcome. */
export async function finishCopies(
  db: DbOrTx,
  batchId: string,
  outcomes: readonly CopyOutcome[],
  finishedAt: string,
): Promise<void> {
  for (const outcome of outcomes) {
    await db
      .updateTable('bulk_send_copies')
      .set({
        status: outcome.status,
        envelope_id: outcome.status === 'sent' ? outcome.envelopeId : null,
        error: outcome.status === 'failed' ? outcome.error : null,
        finished_at: finishedAt,
      })
      .where('batch_id', '=', batchId)
      .where('copy_index', '=', outcome.copyIndex)
      .where('status', '=', 'queued')
      .execute()
  }
}

/** Makes a batch due at `dueAt`, or done (`null`: the job no longer looks at it). */
export async function setBatchDue(db: DbOrTx, batchId: string, dueAt: number | null): Promise<void> {
  await db.updateTable('bulk_send_batches').set({ due_at: dueAt }).where('id', '=', batchId).execute()
}
