import type { EnvelopeStatus } from 'esign-contract'
import type { DbOrTx } from '../database.js'
import type { StoredPlacement, SystemFolder } from '../envelopes/folder.js'
import { inFolder, type SearchMatcher, searchMatcher } from '../envelopes/repository.js'
import { searchFilterOf } from '../envelopes/search.js'

/**
 * The folders' SQL: a page of a folder's envelopes (which envelopes a folder holds: `inFolder`, in the
 * envelopes' repository, which the envelope listing shares), a page
 * of them, where one envelope sits, and the purge. Rows map to folder values here.
 */

/** An envelope as a folder lists it. */
export interface FolderEnvelope {
  envelopeId: string
  status: EnvelopeStatus
  subject: string
  sender: { userId: string; userName: string; email: string }
  createdAt: string
  sentAt?: string
  completedAt?: string
  statusChangedAt: string
  updatedAt: string
}

export interface FolderItemsQuery {
  accountId: string
  folder: SystemFolder
  /** The caller's email: the inbox holds the envelopes addressed to it. */
  callerEmail: string
  /** Inclusive lower bound on the status change time (ISO). */
  fromDate: string
  /** Exclusive upper bound on the status change time (ISO). */
  toDate?: string
  statuses?: readonly string[]
  searchText?: string
  start: number
  count: number
}

function folderQuery(db: DbOrTx, query: FolderItemsQuery, match: SearchMatcher | undefined) {
  let filtered = db
    .selectFrom('envelopes')
    .where('envelopes.account_id', '=', query.accountId)
    .where((eb) => inFolder(eb, query.folder, query.callerEmail))
    .where('envelopes.status_changed_at', '>=', query.fromDate)
  if (query.toDate !== undefined) filtered = filtered.where('envelopes.status_changed_at', '<', query.toDate)
  if (query.statuses) filtered = filtered.where('envelopes.status', 'in', query.statuses)
  if (match) filtered = filtered.where(match)
  return filtered
}

/** A page of a folder, most recent status change first, with the total before paging. */
export async function listFolderItems(
  db: DbOrTx,
  query: FolderItemsQuery,
): Promise<{ total: number; envelopes: FolderEnvelope[] }> {
  const filtered = folderQuery(db, query, await searchMatcher(db, searchFilterOf(query.searchText), true))
  const [counted, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
    filtered
      .innerJoin('users', 'users.id', 'envelopes.sender_user_id')
      .select([
        'envelopes.id',
        'envelopes.status',
        'envelopes.email_subject',
        'envelopes.sender_user_id',
        'users.name as sender_name',
        'users.email as sender_email',
        'envelopes.created_at',
        'envelopes.sent_at',
        'envelopes.completed_at',
        'envelopes.status_changed_at',
        'envelopes.updated_at',
      ])
      .orderBy('envelopes.status_changed_at', 'desc')
      .orderBy('envelopes.id', 'desc')
      .limit(query.count)
      .offset(query.start)
      .execute(),
  ])
  return {
    total: Number(counted.total),
    envelopes: rows.map((row) => ({
      envelopeId: row.id,
      status: row.status as EnvelopeStatus,
      subject: row.email_subject,
      sender: { userId: row.sender_user_id, userName: row.sender_name, email: row.sender_email },
      createdAt: row.created_at,
      ...(row.sent_at ? { sentAt: row.sent_at } : {}),
      ...(row.completed_at ? { completedAt: row.completed_at } : {}),
      statusChangedAt: row.status_changed_at,
      updatedAt: row.updated_at,
    })),
  }
}

/** How many envelopes of the account each folder holds, whatever their date. */
export async function countFolderItems(
  db: DbOrTx,
  accountId: string,
  folders: readonly SystemFolder[],
  callerEmail: string,
): Promise<Map<SystemFolder, number>> {
  const counts = await Promise.all(
    folders.map((folder) =>
      db
        .selectFrom('envelopes')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('envelopes.account_id', '=', accountId)
        .where((eb) => inFolder(eb, folder, callerEmail))
        .executeTakeFirstOrThrow(),
    ),
  )
  return new Map(folders.map((folder, index) => [folder, Number(counts[index]?.total ?? 0)]))
}

/** The account's envelopes among `envelopeIds`, with their status and placement. */
export async function findPlacements(
  db: DbOrTx,
  accountId: string,
  envelopeIds: readonly string[],
): Promise<Map<string, StoredPlacement & { status: EnvelopeStatus }>> {
  const rows = await db
    .selectFrom('envelopes')
    .select(['id', 'status', 'folder', 'deleted_at'])
    .where('account_id', '=', accountId)
    .where('id', 'in', envelopeIds)
    .execute()
  return new Map(
    rows.map((row) => [
      row.id,
      {
        status: row.status as EnvelopeStatus,
        folder: row.folder as SystemFolder | null,
        deletedAt: row.deleted_at,
      },
    ]),
  )
}

/** Where one envelope sits now; inside a lifecycle transaction, after its compare-and-set. */
export async function readPlacement(tx: DbOrTx, envelopeId: string): Promise<StoredPlacement> {
  const row = await tx
    .selectFrom('envelopes')
    .select(['folder', 'deleted_at'])
    .where('id', '=', envelopeId)
    .executeTakeFirstOrThrow()
  return { folder: row.folder as SystemFolder | null, deletedAt: row.deleted_at }
}

export async function storePlacement(
  tx: DbOrTx,
  envelopeId: string,
  placement: StoredPlacement,
): Promise<void> {
  await tx
    .updateTable('envelopes')
    .set({ folder: placement.folder, deleted_at: placement.deletedAt })
    .where('id', '=', envelopeId)
    .execute()
}

/** Envelopes in the recycle bin since before `deletedBefore` (ISO), longest there first. */
export async function envelopesDueForPurge(
  db: DbOrTx,
  deletedBefore: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('envelopes')
    .select('id')
    .where('deleted_at', '<', deletedBefore)
    .orderBy('deleted_at')
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

export interface PurgedEnvelopes {
  envelopes: { envelopeId: string; accountId: string }[]
  /** The blobs the purged envelopes referred to: candidates for deletion once nothing else does. */
  blobIds: string[]
}

/**
 * Deletes the envelopes still in the recycle bin since before `deletedBefore` (one restored meanwhile
 * stays) with everything that cascades from them (documents, recipients, custom fields, audit trail,
 * signing links, sealed results), and their idempotency keys, in one transaction. The blobs they
 * referred to are read first, outside it: they are only candidates, which the blob deletion checks
 * again, and a transaction that starts with its write waits for a concurrent SQLite writer instead of
 * failing on a stale read.
 */
export async function purgeEnvelopes(
  db: DbOrTx,
  envelopeIds: readonly string[],
  deletedBefore: string,
): Promise<PurgedEnvelopes> {
  if (envelopeIds.length === 0) return { envelopes: [], blobIds: [] }
  const documents = await db
    .selectFrom('envelope_documents')
    .select(['blob_id', 'original_blob_id'])
    .where('envelope_id', 'in', envelopeIds)
    .execute()
  const sealed = await db
    .selectFrom('envelope_signed_documents')
    .select('blob_id')
    .where('envelope_id', 'in', envelopeIds)
    .execute()
  const deleted = await db.transaction().execute(async (tx) => {
    const rows = await tx
      .deleteFrom('envelopes')
      .where('id', 'in', envelopeIds)
      .where('folder', '=', 'recyclebin')
      .where('deleted_at', '<', deletedBefore)
      .returning(['id', 'account_id'])
      .execute()
    if (rows.length > 0) {
      await tx
        .deleteFrom('envelope_idempotency_keys')
        .where(
          'envelope_id',
          'in',
          rows.map((row) => row.id),
        )
        .execute()
    }
    return rows
  })
  return {
    envelopes: deleted.map((row) => ({ envelopeId: row.id, accountId: row.account_id })),
    blobIds: [
      ...new Set([
        ...documents.flatMap((row) =>
          row.original_blob_id ? [row.blob_id, row.original_blob_id] : [row.blob_id],
        ),
        ...sealed.map((row) => row.blob_id),
      ]),
    ],
  }
}
