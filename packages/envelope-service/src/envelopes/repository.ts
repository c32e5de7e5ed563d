import { randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import { createGroupCommit, type SqliteStatement, sqliteHandleOf } from 'platform'
import type { DbOrTx } from '../database.js'
import type { CustomFields, PhoneNumber, RecipientType, TabsByType } from '../templates/model.js'
import type {
  AdditionalNotification,
  DeliveryMethod,
  EnvelopeDefinition,
  EnvelopeDocument,
  EnvelopeRecipient,
  EnvelopeStatus,
  RecipientStatus,
} from './model.js'
import type { EnvelopeRecipientsTable } from './tables.js'

/** An envelope's own row, mapped: timestamps are ISO 8601 UTC with milliseconds. */
export interface EnvelopeRecord {
  envelopeId: string
  accountId: string
  sender: { userId: string; userName: string; email: string }
  status: EnvelopeStatus
  emailSubject: string
  emailBlurb: string
  createdAt: string
  sentAt?: string
  statusChangedAt: string
  updatedAt: string
}

export interface StoredRecipient extends EnvelopeRecipient {
  recipientIdGuid: string
  status: RecipientStatus
  sentAt?: string
}

export interface StoredEnvelopeDocument extends EnvelopeDocument {
  documentIdGuid: string
}

export interface StoredCustomFields {
  textCustomFields: Array<CustomFields['textCustomFields'][number] & { fieldId: string }>
  listCustomFields: Array<CustomFields['listCustomFields'][number] & { fieldId: string }>
}

export interface NewEnvelope {
  envelopeId: string
  accountId: string
  senderUserId: string
  definition: EnvelopeDefinition
  /** Epoch milliseconds. */
  now: number
  idempotency?: { key: string; requestHash: string }
}

export interface IdempotencyRecord {
  requestHash: string
  envelopeId: string
}

/**
 * Rows per multi-row insert: both dialects cap bound parameters per statement (SQLite 32,766, PostgreSQL
 * 65,535), and the widest table has 16 columns.
 */
const MAX_PARAMETERS_PER_INSERT = 30_000
/** Envelopes that share one commit at most. */
const MAX_ENVELOPES_PER_COMMIT = 100

/** The rows of one new envelope in each table. */
function rowsOf(envelope: NewEnvelope) {
  const { definition } = envelope
  const timestamp = new Date(envelope.now).toISOString()
  const sent = definition.status === 'sent'
  const firstRoutingOrder = Math.min(
    ...definition.recipients.map((recipient) => Number(recipient.routingOrder)),
  )
  const recipients = definition.recipients.map((recipient, index) => {
    const notified = sent && Number(recipient.routingOrder) === firstRoutingOrder
    return {
      envelope_id: envelope.envelopeId,
      recipient_id: recipient.recipientId,
      recipient_id_guid: randomUUID(),
      type: recipient.type,
      role_name: recipient.roleName ?? null,
      routing_order: Number(recipient.routingOrder),
      name: recipient.name ?? null,
      email: recipient.email ?? null,
      delivery_method: recipient.deliveryMethod,
      phone_number: recipient.phoneNumber ? JSON.stringify(recipient.phoneNumber) : null,
      additional_notifications: JSON.stringify(recipient.additionalNotifications),
      client_user_id: recipient.clientUserId ?? null,
      tabs: JSON.stringify(recipient.tabs),
      status: notified ? 'sent' : 'created',
      sent_at: notified ? timestamp : null,
      position: index + 1,
    }
  })
  const documents = definition.documents.map((document) => ({
    envelope_id: envelope.envelopeId,
    document_id: document.documentId,
    document_id_guid: randomUUID(),
    name: document.name,
    file_extension: document.fileExtension,
    pages: document.pages,
    position: document.order,
    blob_id: document.blobId,
  }))
  const fields = [
    ...definition.customFields.textCustomFields.map((field) => ({ ...field, kind: 'text', listItems: null })),
    ...definition.customFields.listCustomFields.map((field) => ({
      ...field,
      kind: 'list',
      listItems: JSON.stringify(field.listItems),
    })),
  ].map((field, index) => ({
    envelope_id: envelope.envelopeId,
    field_id: String(index + 1),
    kind: field.kind,
    name: field.name,
    value: field.value,
    list_items: field.listItems,
    show: field.show ? 1 : 0,
    required: field.required ? 1 : 0,
  }))
  const row = {
    id: envelope.envelopeId,
    account_id: envelope.accountId,
    sender_user_id: envelope.senderUserId,
    status: definition.status,
    email_subject: definition.emailSubject,
    email_blurb: definition.emailBlurb,
    created_at: timestamp,
    sent_at: sent ? timestamp : null,
    status_changed_at: timestamp,
    updated_at: timestamp,
  }
  return { envelope: row, documents, recipients, fields, timestamp }
}

type EnvelopeRows = ReturnType<typeof rowsOf>

/** `rows` split so that no multi-row insert exceeds the bound-parameter cap; none when there are no rows. */
function insertChunks<Row extends object>(rows: Row[]): Row[][] {
  const first = rows[0]
  if (first === undefined) return []
  const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS_PER_INSERT / Object.keys(first).length))
  const chunks: Row[][] = []
  for (let at = 0; at < rows.length; at += perInsert) chunks.push(rows.slice(at, at + perInsert))
  return chunks
}

/**
 * Stores new envelopes in one transaction, one multi-row insert per table for all of them. An
 * envelope with an idempotency key claims the key first; when another request already holds it (even
 * one still committing on PostgreSQL) that envelope is not written and its result is `false`.
 */
export async function insertEnvelopes(db: DbOrTx, envelopes: readonly NewEnvelope[]): Promise<boolean[]> {
  const all = envelopes.map(rowsOf)
  const sqlite = sqliteHandleOf(db)
  if (sqlite) return sqlite.transaction((prepare) => insertEnvelopesSqlite(prepare, envelopes, all))
  const write = async (tx: DbOrTx) => {
    const stored: boolean[] = []
    const kept: EnvelopeRows[] = []
    for (const [index, envelope] of envelopes.entries()) {
      const rows = all[index] as EnvelopeRows
      const claimed = envelope.idempotency ? await claimKey(tx, envelope, rows.timestamp) : true
      stored.push(claimed)
      if (claimed) kept.push(rows)
    }
    for (const chunk of insertChunks(kept.map((rows) => rows.envelope))) {
      await tx.insertInto('envelopes').values(chunk).execute()
    }
    for (const chunk of insertChunks(kept.flatMap((rows) => rows.documents))) {
      await tx.insertInto('envelope_documents').values(chunk).execute()
    }
    for (const chunk of insertChunks(kept.flatMap((rows) => rows.recipients))) {
      await tx.insertInto('envelope_recipients').values(chunk).execute()
    }
    for (const chunk of insertChunks(kept.flatMap((rows) => rows.fields))) {
      await tx.insertInto('envelope_custom_fields').values(chunk).execute()
    }
    return stored
  }
  return db.isTransaction ? write(db) : db.transaction().execute(write)
}

/**
 * `insertEnvelopes` on SQLite: the same rows through cached single-row statements inside one synchronous
 * transaction, several times cheaper than building the multi-row inserts with Kysely.
 */
function insertEnvelopesSqlite(
  prepare: (sql: string) => SqliteStatement,
  envelopes: readonly NewEnvelope[],
  all: readonly EnvelopeRows[],
): boolean[] {
  const insert = (table: string, row: Record<string, string | number | null>) =>
    prepare(insertSql(table, row)).run(Object.values(row))
  return envelopes.map((envelope, index) => {
    const rows = all[index] as EnvelopeRows
    if (envelope.idempotency) {
      const claim = prepare(
        'insert into envelope_idempotency_keys (account_id, idempotency_key, request_hash, envelope_id, created_at) ' +
          'values (?, ?, ?, ?, ?) on conflict (account_id, idempotency_key) do nothing',
      )
      const { key, requestHash } = envelope.idempotency
      const claimed = claim.run(envelope.accountId, key, requestHash, envelope.envelopeId, rows.timestamp)
      if (claimed.changes === 0) return false
    }
    insert('envelopes', rows.envelope)
    for (const row of rows.documents) insert('envelope_documents', row)
    for (const row of rows.recipients) insert('envelope_recipients', row)
    for (const row of rows.fields) insert('envelope_custom_fields', row)
    return true
  })
}

const insertSqlByTable = new Map<string, string>()

/** `insert into <table> (<row's keys>) values (?, ...)`: every row of a table has the keys in one order. */
function insertSql(table: string, row: object): string {
  let sql = insertSqlByTable.get(table)
  if (sql === undefined) {
    const columns = Object.keys(row)
    sql = `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`
    insertSqlByTable.set(table, sql)
  }
  return sql
}

async function claimKey(tx: DbOrTx, envelope: NewEnvelope, timestamp: string): Promise<boolean> {
  const idempotency = envelope.idempotency as NonNullable<NewEnvelope['idempotency']>
  const claimed = await tx
    .insertInto('envelope_idempotency_keys')
    .values({
      account_id: envelope.accountId,
      idempotency_key: idempotency.key,
      request_hash: idempotency.requestHash,
      envelope_id: envelope.envelopeId,
      created_at: timestamp,
    })
    .onConflict((conflict) => conflict.columns(['account_id', 'idempotency_key']).doNothing())
    .returning('envelope_id')
    .executeTakeFirst()
  return claimed !== undefined
}

const envelopeWriters = new WeakMap<object, (envelope: NewEnvelope) => Promise<boolean>>()

/**
 * Stores a new envelope durably, sharing the commit with envelopes created concurrently (group
 * commit, see platform's group-commit.ts): under load one transaction, and one WAL append on SQLite or
 * one fsync on PostgreSQL, serves many creates. Resolves once this envelope is committed: `true`, or
 * `false` when its idempotency key was already taken. Inside a caller's transaction it writes alone.
 */
export function storeEnvelope(db: DbOrTx, envelope: NewEnvelope): Promise<boolean> {
  if (db.isTransaction) return insertEnvelopes(db, [envelope]).then(([stored]) => stored === true)
  let write = envelopeWriters.get(db)
  if (write === undefined) {
    write = createGroupCommit<NewEnvelope, boolean>({
      maxBatch: MAX_ENVELOPES_PER_COMMIT,
      writeBatch: (batch) => insertEnvelopes(db, batch),
      writeOne: async (one) => (await insertEnvelopes(db, [one]))[0] === true,
    })
    envelopeWriters.set(db, write)
  }
  return write(envelope)
}

export async function findIdempotencyKey(
  db: DbOrTx,
  accountId: string,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  const row = await db
    .selectFrom('envelope_idempotency_keys')
    .select(['request_hash', 'envelope_id'])
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst()
  return row ? { requestHash: row.request_hash, envelopeId: row.envelope_id } : undefined
}

function envelopeQuery(db: DbOrTx, accountId: string) {
  return db
    .selectFrom('envelopes')
    .innerJoin('users', 'users.id', 'envelopes.sender_user_id')
    .select([
      'envelopes.id',
      'envelopes.account_id',
      'envelopes.sender_user_id',
      'users.name as sender_name',
      'users.email as sender_email',
      'envelopes.status',
      'envelopes.email_subject',
      'envelopes.email_blurb',
      'envelopes.created_at',
      'envelopes.sent_at',
      'envelopes.status_changed_at',
      'envelopes.updated_at',
    ])
    .where('envelopes.account_id', '=', accountId)
}

type EnvelopeRow = Awaited<ReturnType<ReturnType<typeof envelopeQuery>['executeTakeFirstOrThrow']>>

function toEnvelopeRecord(row: EnvelopeRow): EnvelopeRecord {
  return {
    envelopeId: row.id,
    accountId: row.account_id,
    sender: { userId: row.sender_user_id, userName: row.sender_name, email: row.sender_email },
    status: row.status as EnvelopeStatus,
    emailSubject: row.email_subject,
    emailBlurb: row.email_blurb,
    createdAt: row.created_at,
    ...(row.sent_at ? { sentAt: row.sent_at } : {}),
    statusChangedAt: row.status_changed_at,
    updatedAt: row.updated_at,
  }
}

/** The envelope if it belongs to the account. */
export async function findEnvelope(
  db: DbOrTx,
  accountId: string,
  envelopeId: string,
): Promise<EnvelopeRecord | undefined> {
  const row = await envelopeQuery(db, accountId).where('envelopes.id', '=', envelopeId).executeTakeFirst()
  return row ? toEnvelopeRecord(row) : undefined
}

export interface EnvelopeListQuery {
  accountId: string
  /** Inclusive lower bound on the status change time (ISO). */
  fromDate?: string
  /** Exclusive upper bound on the status change time (ISO). */
  toDate?: string
  statuses?: string[]
  envelopeIds?: string[]
  start: number
  count: number
}

/** Envelopes by status change time, oldest first, with the total before paging. */
export async function listEnvelopes(
  db: DbOrTx,
  query: EnvelopeListQuery,
): Promise<{ total: number; envelopes: EnvelopeRecord[] }> {
  let filtered = envelopeQuery(db, query.accountId)
  if (query.fromDate !== undefined)
    filtered = filtered.where('envelopes.status_changed_at', '>=', query.fromDate)
  if (query.toDate !== undefined) filtered = filtered.where('envelopes.status_changed_at', '<', query.toDate)
  if (query.statuses) filtered = filtered.where('envelopes.status', 'in', query.statuses)
  if (query.envelopeIds) filtered = filtered.where('envelopes.id', 'in', query.envelopeIds)
  const [counted, rows] = await Promise.all([
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
    filtered
      .orderBy('envelopes.status_changed_at')
      .orderBy('envelopes.id')
      .limit(query.count)
      .offset(query.start)
      .execute(),
  ])
  return { total: Number(counted.total), envelopes: rows.map(toEnvelopeRecord) }
}

function toRecipient(row: Selectable<EnvelopeRecipientsTable>): StoredRecipient {
  return {
    type: row.type as RecipientType,
    recipientId: row.recipient_id,
    recipientIdGuid: row.recipient_id_guid,
    ...(row.role_name !== null ? { roleName: row.role_name } : {}),
    routingOrder: String(row.routing_order),
    ...(row.name !== null ? { name: row.name } : {}),
    ...(row.email !== null ? { email: row.email } : {}),
    deliveryMethod: row.delivery_method as DeliveryMethod,
    ...(row.phone_number !== null ? { phoneNumber: JSON.parse(row.phone_number) as PhoneNumber } : {}),
    additionalNotifications: JSON.parse(row.additional_notifications) as AdditionalNotification[],
    ...(row.client_user_id !== null ? { clientUserId: row.client_user_id } : {}),
    tabs: JSON.parse(row.tabs) as TabsByType,
    status: row.status as RecipientStatus,
    ...(row.sent_at !== null ? { sentAt: row.sent_at } : {}),
  }
}

/** Recipients of envelopes (already known to belong to the caller's account), in envelope order. */
export async function findRecipients(
  db: DbOrTx,
  envelopeIds: string[],
): Promise<Map<string, StoredRecipient[]>> {
  const byEnvelope = new Map<string, StoredRecipient[]>(envelopeIds.map((id) => [id, []]))
  if (envelopeIds.length === 0) return byEnvelope
  const rows = await db
    .selectFrom('envelope_recipients')
    .selectAll()
    .where('envelope_id', 'in', envelopeIds)
    .orderBy('envelope_id')
    .orderBy('position')
    .execute()
  for (const row of rows) byEnvelope.get(row.envelope_id)?.push(toRecipient(row))
  return byEnvelope
}

export async function findDocuments(
  db: DbOrTx,
  envelopeIds: string[],
): Promise<Map<string, StoredEnvelopeDocument[]>> {
  const byEnvelope = new Map<string, StoredEnvelopeDocument[]>(envelopeIds.map((id) => [id, []]))
  if (envelopeIds.length === 0) return byEnvelope
  const rows = await db
    .selectFrom('envelope_documents')
    .selectAll()
    .where('envelope_id', 'in', envelopeIds)
    .orderBy('envelope_id')
    .orderBy('position')
    .execute()
  for (const row of rows) {
    byEnvelope.get(row.envelope_id)?.push({
      documentId: row.document_id,
      documentIdGuid: row.document_id_guid,
      name: row.name,
      fileExtension: row.file_extension,
      pages: Number(row.pages),
      order: Number(row.position),
      blobId: row.blob_id,
    })
  }
  return byEnvelope
}

export async function findCustomFields(
  db: DbOrTx,
  envelopeIds: string[],
): Promise<Map<string, StoredCustomFields>> {
  const byEnvelope = new Map<string, StoredCustomFields>(
    envelopeIds.map((id) => [id, { textCustomFields: [], listCustomFields: [] }]),
  )
  if (envelopeIds.length === 0) return byEnvelope
  const rows = await db
    .selectFrom('envelope_custom_fields')
    .selectAll()
    .where('envelope_id', 'in', envelopeIds)
    .execute()
  rows.sort((a, b) => a.envelope_id.localeCompare(b.envelope_id) || Number(a.field_id) - Number(b.field_id))
  for (const row of rows) {
    const fields = byEnvelope.get(row.envelope_id)
    if (!fields) continue
    const common = {
      fieldId: row.field_id,
      name: row.name,
      value: row.value,
      show: row.show === 1,
      required: row.required === 1,
    }
    if (row.kind === 'list') {
      fields.listCustomFields.push({ ...common, listItems: JSON.parse(row.list_items ?? '[]') as string[] })
    } else {
      fields.textCustomFields.push(common)
    }
  }
  return byEnvelope
}
