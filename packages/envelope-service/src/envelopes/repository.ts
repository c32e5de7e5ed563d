import { randomUUID } from 'node:crypto'
import type { EnvelopeStatus, RecipientStatus } from 'esign-contract'
import {
  type Expression,
  type ExpressionBuilder,
  PostgresAdapter,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely'
import type { AuditHead } from '../audit/chain.js'
import { type DbOrTx, insertRows, type Schema } from '../database.js'
import { originalOf } from '../documents/originals.js'
import type { RecipientType, TabsByType } from '../tabs/model.js'
import { withStoredTabIds } from '../tabs/tab-ids.js'
import type { CustomFields, InPersonSigner, PhoneNumber } from '../templates/model.js'
import type { LifecycleWorkflow } from '../workflow/model.js'
import type { SystemFolder } from './folder.js'
import type {
  AdditionalNotification,
  DeliveryMethod,
  EmailSettings,
  EnvelopeDefinition,
  EnvelopeDocument,
  EnvelopeNotification,
  EnvelopeRecipient,
  EventNotification,
} from './model.js'
import type { SearchFilter } from './search.js'
import { refreshSearchText, writeSearchTexts } from './search-text/repository.js'
import type { EnvelopeRecipientsTable } from './tables.js'
import { RECORD_EVERY_USE, type TemplateUseRecorder, USAGE_RESOLUTION_MS } from './template-use.js'

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
  deliveredAt?: string
  completedAt?: string
  declinedAt?: string
  voidedAt?: string
  voidedReason?: string
  statusChangedAt: string
  updatedAt: string
  /** Reminders and expirations as the request set them; absent: the account defaults apply. */
  notification?: EnvelopeNotification
  eventNotification?: EventNotification
  /** Scheduled sending, paused and delayed routing, with their progress. */
  workflow?: LifecycleWorkflow
  /** Reply-To and Bcc of every email of the envelope. */
  emailSettings?: EmailSettings
  /** Whether the completed documents carry the envelope id at the top of each page. */
  envelopeIdStamping: boolean
  /** Whether recipients' `excludedDocuments` are withheld from them (envelopes/visibility.ts). */
  enforceSignerVisibility: boolean
  /** Whether signers may assign their part to someone else (signing/reassign/). */
  allowReassign: boolean
  /** The account brand its messages carry. */
  brandId?: string
  /** Its subject and message cannot be changed (DocuSign's `messageLock`). */
  messageLock?: true
  /** Its brand cannot be changed (DocuSign's `brandLock`). */
  brandLock?: true
  /** DocuSign's `useDisclosure`, when given. */
  useDisclosure?: boolean
}

export interface StoredRecipient extends EnvelopeRecipient {
  recipientIdGuid: string
  status: RecipientStatus
  sentAt?: string
  /** On a signer who reassigned: the recipient id of the signer who took over (signing/reassign/). */
  reassignedTo?: string
}

export interface StoredEnvelopeDocument extends EnvelopeDocument {
  documentIdGuid: string
}

export interface StoredCustomFields {
  textCustomFields: Array<CustomFields['textCustomFields'][number] & { fieldId: string }>
  listCustomFields: Array<CustomFields['listCustomFields'][number] & { fieldId: string }>
}

/** Everything one create writes, decided before the transaction starts. */
export interface NewEnvelope {
  envelopeId: string
  accountId: string
  senderUserId: string
  definition: EnvelopeDefinition
  /** `recipientId`s invited at creation: stored as `sent`, the others as `created`. */
  invited: readonly string[]
  /** Scheduled sending, paused and delayed routing, as the send left it (workflow/). */
  workflow?: LifecycleWorkflow
  /** When the envelope went out: absent for a draft, and for a scheduled send until its time comes. */
  sentAt?: string
  /** When the workflow's next wait ends (workflow/gates.ts `nextResumeAt`). */
  workflowResumeAt?: string
  /** The head of its audit chain after the creation's entries; absent for a draft (no entry yet). */
  auditHead?: AuditHead
  /** Stored templates the envelope was built from: their last use becomes `now`. */
  templateIds: readonly string[]
  /** Epoch milliseconds. */
  now: number
  idempotency?: { key: string; requestHash: string }
}

export interface IdempotencyRecord {
  requestHash: string
  envelopeId: string
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value))

/** The recipient fields stored together in `message_settings`. */
type RecipientMessageSettings = Pick<
  EnvelopeRecipient,
  'firstName' | 'lastName' | 'emailNotification' | 'suppressEmails' | 'customFields'
>

function messageSettingsOf(recipient: EnvelopeRecipient): string | null {
  const { firstName, lastName, emailNotification, suppressEmails, customFields } = recipient
  const settings: RecipientMessageSettings = {
    ...(firstName !== undefined ? { firstName } : {}),
    ...(lastName !== undefined ? { lastName } : {}),
    ...(emailNotification !== undefined ? { emailNotification } : {}),
    ...(suppressEmails !== undefined ? { suppressEmails } : {}),
    ...(customFields !== undefined ? { customFields } : {}),
  }
  return Object.keys(settings).length > 0 ? JSON.stringify(settings) : null
}

/** Where a recipient's routing stands when its row is written. */
export interface RecipientProgress {
  status: RecipientStatus
  sentAt?: string
}

function recipientRow(
  envelopeId: string,
  recipient: EnvelopeRecipient,
  position: number,
  progress: RecipientProgress,
) {
  return {
    envelope_id: envelopeId,
    recipient_id: recipient.recipientId,
    recipient_id_guid: randomUUID(),
    type: recipient.type,
    role_name: recipient.roleName ?? null,
    routing_order: Number(recipient.routingOrder),
    name: recipient.name ?? null,
    email: recipient.email ?? null,
    delivery_method: recipient.deliveryMethod,
    phone_number: json(recipient.phoneNumber),
    additional_notifications: JSON.stringify(recipient.additionalNotifications),
    client_user_id: recipient.clientUserId ?? null,
    access_code: recipient.accessCode ?? null,
    sms_auth_phones: json(recipient.smsAuthPhones),
    in_person: json(recipient.inPerson),
    note: recipient.note ?? null,
    excluded_documents: json(recipient.excludedDocuments),
    tabs: JSON.stringify(recipient.tabs),
    message_settings: messageSettingsOf(recipient),
    status: progress.status,
    sent_at: progress.sentAt ?? null,
    position,
  }
}

/**
 * Recipients added to a stored envelope, after its others (`position`), in the caller's transaction;
 * `progress` says where the routing left each (by recipientId).
 */
export async function insertRecipients(
  tx: DbOrTx,
  envelopeId: string,
  recipients: readonly EnvelopeRecipient[],
  progress: ReadonlyMap<string, RecipientProgress>,
): Promise<void> {
  if (recipients.length === 0) return
  const last = await tx
    .selectFrom('envelope_recipients')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('envelope_id', '=', envelopeId)
    .executeTakeFirst()
  const after = Number(last?.position ?? 0)
  await insertRows(
    tx,
    'envelope_recipients',
    recipients.map((recipient, index) =>
      recipientRow(
        envelopeId,
        recipient,
        after + index + 1,
        progress.get(recipient.recipientId) ?? { status: 'created' },
      ),
    ),
  )
  // The dashboard's search finds an envelope by its recipients' names and emails.
  await refreshSearchText(tx, envelopeId)
}

function documentRow(envelopeId: string, document: StoredEnvelopeDocument) {
  return {
    envelope_id: envelopeId,
    document_id: document.documentId,
    document_id_guid: document.documentIdGuid,
    name: document.name,
    file_extension: document.fileExtension,
    pages: document.pages,
    position: document.order,
    blob_id: document.blobId,
    original_blob_id: document.original?.blobId ?? null,
    original_extension: document.original?.extension ?? null,
  }
}

/**
 * Replaces an envelope's documents with those given (rows not given are deleted) and writes the
 * recipients' tabs that changed with them, in the caller's transaction.
 */
export async function replaceDocuments(
  tx: DbOrTx,
  envelopeId: string,
  documents: readonly StoredEnvelopeDocument[],
  tabs: ReadonlyMap<string, TabsByType>,
): Promise<void> {
  await tx.deleteFrom('envelope_documents').where('envelope_id', '=', envelopeId).execute()
  if (documents.length > 0) {
    await tx
      .insertInto('envelope_documents')
      .values(documents.map((document) => documentRow(envelopeId, document)))
      .execute()
  }
  for (const [recipientId, recipientTabs] of tabs) {
    await tx
      .updateTable('envelope_recipients')
      .set({ tabs: JSON.stringify(recipientTabs) })
      .where('envelope_id', '=', envelopeId)
      .where('recipient_id', '=', recipientId)
      .execute()
  }
}

/** The rows of one new envelope in each table. */
function rowsOf(envelope: NewEnvelope) {
  const { definition } = envelope
  const timestamp = new Date(envelope.now).toISOString()
  const invited = new Set(envelope.invited)
  const recipients = definition.recipients.map((recipient, index) =>
    recipientRow(
      envelope.envelopeId,
      recipient,
      index + 1,
      invited.has(recipient.recipientId) ? { status: 'sent', sentAt: timestamp } : { status: 'created' },
    ),
  )
  const documents = definition.documents.map((document) =>
    documentRow(envelope.envelopeId, { ...document, documentIdGuid: randomUUID() }),
  )
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
    sent_at: envelope.sentAt ?? null,
    status_changed_at: timestamp,
    updated_at: timestamp,
    notification: json(definition.notification),
    event_notification: json(definition.eventNotification),
    email_settings: json(definition.emailSettings),
    envelope_id_stamping: definition.envelopeIdStamping ? 1 : 0,
    enforce_signer_visibility: definition.enforceSignerVisibility ? 1 : 0,
    allow_reassign: definition.allowReassign ? 1 : 0,
    brand_id: definition.brandId ?? null,
    message_lock: definition.messageLock ? 1 : 0,
    brand_lock: definition.brandLock ? 1 : 0,
    use_disclosure: definition.useDisclosure === undefined ? null : definition.useDisclosure ? 1 : 0,
    workflow: json(envelope.workflow),
    workflow_resume_at: envelope.workflowResumeAt ?? null,
    audit_head_sequence: envelope.auditHead?.sequence ?? null,
    audit_head_hash: envelope.auditHead?.hash ?? null,
  }
  return { envelope: row, documents, recipients, fields }
}

/**
 * The envelope rows of the create write path (envelope-api/writer.ts): new envelopes, their documents,
 * recipients and custom fields, and their templates' last use, in the caller's transaction, with one
 * multi-row insert per table however many envelopes there are (one, or a group commit's batch). An
 * envelope with an idempotency key claims the key first; when another request already holds it (even
 * one still committing on PostgreSQL) that envelope is not written. Returns the ids of those written.
 */
export async function insertEnvelopes(
  tx: Transaction<Schema>,
  envelopes: readonly NewEnvelope[],
  templateUse: TemplateUseRecorder = RECORD_EVERY_USE,
): Promise<Set<string>> {
  const claimed = await claimIdempotencyKeys(tx, envelopes)
  const kept = envelopes.filter((envelope) => claimed.has(envelope.envelopeId))
  if (kept.length === 0) return claimed
  const all = kept.map(rowsOf)
  await insertRows(
    tx,
    'envelopes',
    all.map((rows) => rows.envelope),
  )
  await insertRows(
    tx,
    'envelope_documents',
    all.flatMap((rows) => rows.documents),
  )
  await insertRows(
    tx,
    'envelope_recipients',
    all.flatMap((rows) => rows.recipients),
  )
  await insertRows(
    tx,
    'envelope_custom_fields',
    all.flatMap((rows) => rows.fields),
  )
  await writeSearchTexts(
    tx,
    all.map((rows) => ({
      envelopeId: rows.envelope.id,
      subject: rows.envelope.email_subject,
      recipients: rows.recipients,
      customFieldValues: rows.fields.map((field) => field.value),
    })),
  )
  const latest = Math.max(...kept.map((envelope) => envelope.now))
  const used = templateUse.unwritten([...new Set(kept.flatMap((envelope) => envelope.templateIds))], latest)
  templateUse.wrote(await recordTemplateUse(tx, used, latest), latest)
  return claimed
}

/**
 * Claims the idempotency keys of `envelopes` in one statement and returns the ids of the envelopes to
 * write: those without a key, and those whose key was free (the first, when several in one batch share it).
 */
async function claimIdempotencyKeys(
  tx: Transaction<Schema>,
  envelopes: readonly NewEnvelope[],
): Promise<Set<string>> {
  const free = new Set<string>()
  const rows = []
  for (const envelope of envelopes) {
    if (envelope.idempotency === undefined) free.add(envelope.envelopeId)
    else {
      rows.push({
        account_id: envelope.accountId,
        idempotency_key: envelope.idempotency.key,
        request_hash: envelope.idempotency.requestHash,
        envelope_id: envelope.envelopeId,
        created_at: new Date(envelope.now).toISOString(),
      })
    }
  }
  if (rows.length === 0) return free
  // Rows of one statement are inserted in order: of a batch's envelopes sharing a key, the first wins.
  // One statement: a batch is a group commit's (at most 100 envelopes, 500 parameters).
  const inserted = await tx
    .insertInto('envelope_idempotency_keys')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['account_id', 'idempotency_key']).doNothing())
    .returning('envelope_id')
    .execute()
  for (const row of inserted) free.add(row.envelope_id)
  return free
}

/**
 * Sets the templates' last use to `now` (ISO) where it is older than the resolution, and returns the
 * templates whose stored last use is now `now`. Templates deleted since the envelope read them are
 * skipped: the insert selects from `templates`.
 */
async function recordTemplateUse(
  tx: Transaction<Schema>,
  templateIds: string[],
  now: number,
): Promise<string[]> {
  if (templateIds.length === 0) return []
  const usedAt = new Date(now).toISOString()
  const updated = await tx
    .updateTable('template_usage')
    .set({ last_used_at: usedAt })
    .where('template_id', 'in', templateIds)
    .where('last_used_at', '<=', new Date(now - USAGE_RESOLUTION_MS).toISOString())
    .returning('template_id')
    .execute()
  const inserted = await tx
    .insertInto('template_usage')
    .columns(['template_id', 'last_used_at'])
    .expression((eb) =>
      eb
        .selectFrom('templates')
        .select(['id', sql<string>`cast(${usedAt} as text)`.as('last_used_at')])
        .where('id', 'in', templateIds),
    )
    .onConflict((conflict) => conflict.column('template_id').doNothing())
    .returning('template_id')
    .execute()
  return [...updated, ...inserted].map((row) => row.template_id)
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
  return envelopeColumns(db).where('envelopes.account_id', '=', accountId)
}

function envelopeColumns(db: DbOrTx) {
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
      'envelopes.delivered_at',
      'envelopes.completed_at',
      'envelopes.declined_at',
      'envelopes.voided_at',
      'envelopes.voided_reason',
      'envelopes.status_changed_at',
      'envelopes.updated_at',
      'envelopes.notification',
      'envelopes.event_notification',
      'envelopes.email_settings',
      'envelopes.workflow',
      'envelopes.envelope_id_stamping',
      'envelopes.enforce_signer_visibility',
      'envelopes.allow_reassign',
      'envelopes.brand_id',
      'envelopes.message_lock',
      'envelopes.brand_lock',
      'envelopes.use_disclosure',
    ])
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
    ...(row.delivered_at ? { deliveredAt: row.delivered_at } : {}),
    ...(row.completed_at ? { completedAt: row.completed_at } : {}),
    ...(row.declined_at ? { declinedAt: row.declined_at } : {}),
    ...(row.voided_at ? { voidedAt: row.voided_at } : {}),
    ...(row.voided_reason ? { voidedReason: row.voided_reason } : {}),
    statusChangedAt: row.status_changed_at,
    updatedAt: row.updated_at,
    ...(row.notification !== null
      ? { notification: JSON.parse(row.notification) as EnvelopeNotification }
      : {}),
    ...(row.event_notification !== null
      ? { eventNotification: JSON.parse(row.event_notification) as EventNotification }
      : {}),
    ...(row.workflow !== null ? { workflow: JSON.parse(row.workflow) as LifecycleWorkflow } : {}),
    ...(row.email_settings !== null
      ? { emailSettings: JSON.parse(row.email_settings) as EmailSettings }
      : {}),
    envelopeIdStamping: row.envelope_id_stamping !== 0,
    enforceSignerVisibility: row.enforce_signer_visibility !== 0,
    allowReassign: row.allow_reassign !== 0,
    ...(row.brand_id !== null ? { brandId: row.brand_id } : {}),
    ...(Number(row.message_lock) === 1 ? { messageLock: true as const } : {}),
    ...(Number(row.brand_lock) === 1 ? { brandLock: true as const } : {}),
    ...(row.use_disclosure !== null ? { useDisclosure: Number(row.use_disclosure) === 1 } : {}),
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

/** When each recipient of the envelope was delivered, signed and declined (the certificate's timeline). */
export async function findRecipientTimes(
  db: DbOrTx,
  envelopeId: string,
): Promise<
  Map<string, { deliveredAt?: string; signedAt?: string; declinedAt?: string; declinedReason?: string }>
> {
  const rows = await db
    .selectFrom('envelope_recipients')
    .select(['recipient_id', 'delivered_at', 'signed_at', 'declined_at', 'declined_reason'])
    .where('envelope_id', '=', envelopeId)
    .execute()
  return new Map(
    rows.map((row) => [
      row.recipient_id,
      {
        ...(row.delivered_at ? { deliveredAt: row.delivered_at } : {}),
        ...(row.signed_at ? { signedAt: row.signed_at } : {}),
        ...(row.declined_at ? { declinedAt: row.declined_at } : {}),
        ...(row.declined_reason ? { declinedReason: row.declined_reason } : {}),
      },
    ]),
  )
}

/** An envelope by id alone, whatever its account: for a signing link, which names no account. */
export async function findEnvelopeById(db: DbOrTx, envelopeId: string): Promise<EnvelopeRecord | undefined> {
  const row = await envelopeColumns(db).where('envelopes.id', '=', envelopeId).executeTakeFirst()
  return row ? toEnvelopeRecord(row) : undefined
}

/** Those of the envelopes that belong to the account, in no order: one query for a batch (Connect fan-out). */
export async function findEnvelopesOfAccount(
  db: DbOrTx,
  accountId: string,
  envelopeIds: readonly string[],
): Promise<EnvelopeRecord[]> {
  if (envelopeIds.length === 0) return []
  // By id alone, the account checked on the rows: with `account_id = ?` beside `id in (...)`, SQLite's
  // planner (no statistics) reads the account's index, every envelope of the account, instead of the
  // primary key (3.3 ms a call in the create bench, half the service's SQL time).
  const rows = await envelopeColumns(db)
    .where('envelopes.id', 'in', [...envelopeIds])
    .execute()
  return rows.filter((row) => row.account_id === accountId).map(toEnvelopeRecord)
}

export interface EnvelopeListQuery {
  accountId: string
  /** Inclusive lower bound on the status change time (ISO). */
  fromDate?: string
  /** Exclusive upper bound on the status change time (ISO). */
  toDate?: string
  statuses?: string[]
  envelopeIds?: string[]
  /** `folder_ids`: envelopes in any of these folders; the inbox is the one of `callerEmail`. */
  folders?: { ids: readonly SystemFolder[]; callerEmail: string }
  /** `search_text` (search.ts), matched as `matchesSearch` says. */
  search?: SearchFilter
  /** Oldest first unless `descending` (`order=desc`). */
  order?: { by: EnvelopeOrderColumn; descending: boolean }
  start: number
  count: number
}

/** The columns `order_by` can name; the dashboard pages by status change time, newest first. */
export type EnvelopeOrderColumn = 'status_changed_at' | 'created_at' | 'updated_at'

/** How `listEnvelopes` runs; production uses the defaults, tests and the bench also the reference plan. */
export interface ListPlan {
  /**
   * Count the matches only up to this many (status-list.ts says what an integration sees); exact when
   * undefined. A capped count stops reading once it gets there instead of reading every match.
   */
  countLimit?: number
  /** False: match `search_text` by scanning the values themselves (the reference the index is tested against). */
  searchIndex?: boolean
}

/** Envelopes by status change time (or the `order` asked), oldest first, with the total before paging. */
export async function listEnvelopes(
  db: DbOrTx,
  query: EnvelopeListQuery,
  plan: ListPlan = {},
): Promise<{ total: number; envelopes: EnvelopeRecord[] }> {
  const column = query.order?.by ?? 'status_changed_at'
  const direction = query.order?.descending ? 'desc' : 'asc'
  const match = await searchMatcher(db, query.search, plan.searchIndex ?? true)
  const filter = (eb: ExpressionBuilder<Schema, 'envelopes'>) => listFilter(eb, query, match)
  // The count needs no sender: without the join it reads only the list index (migration 0026).
  const matching = db.selectFrom('envelopes').where(filter)
  if (readsWholeSet(query)) {
    // The inbox alone: its candidates are the caller's recipient rows (inFolder), each looked up once,
    // so the page and the count would each pay for all of them. Its matches (ids and order only) are
    // read once instead, and the page and the total taken from them.
    const ordered = await matching
      .select('envelopes.id')
      .orderBy(`envelopes.${column}`, direction)
      .orderBy('envelopes.id', direction)
      .execute()
    const pageIds = ordered.slice(query.start, query.start + query.count).map((row) => row.id)
    const total = plan.countLimit === undefined ? ordered.length : Math.min(ordered.length, plan.countLimit)
    if (pageIds.length === 0) return { total, envelopes: [] }
    const rows = await envelopeColumns(db)
      .where('envelopes.id', 'in', pageIds)
      .orderBy(`envelopes.${column}`, direction)
      .orderBy('envelopes.id', direction)
      .execute()
    return { total, envelopes: rows.map(toEnvelopeRecord) }
  }
  const [counted, rows] = await Promise.all([
    plan.countLimit === undefined
      ? matching.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow()
      : db
          .selectFrom(matching.select('envelopes.id').limit(plan.countLimit).as('matched'))
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
    // The page's ids first, then their rows: the ids walk the list index alone (migration 0026 holds
    // the folder and status), so a deep page skips its offset's index entries instead of reading (and
    // joining the sender of) every row before it.
    envelopeColumns(db)
      .where(
        'envelopes.id',
        'in',
        matching
          .select('envelopes.id')
          .orderBy(`envelopes.${column}`, direction)
          .orderBy('envelopes.id', direction)
          .limit(query.count)
          .offset(query.start),
      )
      .orderBy(`envelopes.${column}`, direction)
      .orderBy('envelopes.id', direction)
      .execute(),
  ])
  return { total: Number(counted.total), envelopes: rows.map(toEnvelopeRecord) }
}

/**
 * Whether the list is the inbox alone, whose matches are found from the caller's recipient rows rather
 * than in page order (inFolder): reading them once serves the page and the count.
 */
const readsWholeSet = (query: EnvelopeListQuery) =>
  query.folders?.ids.length === 1 && query.folders.ids[0] === 'inbox'

/** `search_text` as a predicate on `envelopes`; undefined for no search. */
export type SearchMatcher = (scope: ExpressionBuilder<Schema, 'envelopes'>) => Expression<SqlBool>

/**
 * How `search` is matched in this database: through the envelopes' search text and its index (migration
 * 0034) when the text allows it, else by scanning the values (`matchesSearch`). The senders whose name
 * matches are looked up first (a small table): most searches match none, and the query is then one
 * indexed set of envelope ids.
 */
export async function searchMatcher(
  db: DbOrTx,
  search: SearchFilter | undefined,
  useIndex: boolean,
): Promise<SearchMatcher | undefined> {
  if (search === undefined) return undefined
  if (!useIndex || !search.joinable) return (eb) => matchesSearch(eb, search.pattern)
  const senders = await db
    .selectFrom('users')
    .select('users.id')
    .where(sql<SqlBool>`lower(${sql.ref('users.name')}) like ${search.pattern} escape '\\'`)
    .execute()
  const plan = await searchTextPlan(db, search)
  return (eb) => {
    const bodyMatches = sql<SqlBool>`lower(${sql.ref('envelope_search_text.body')}) like ${search.pattern} escape '\\'`
    const texts = eb
      .selectFrom('envelope_search_text')
      .select('envelope_search_text.envelope_id')
      .where(bodyMatches)
    const byText =
      typeof plan === 'object' && plan.candidateIds.length === 0
        ? sql<SqlBool>`1 = 0`
        : plan === 'each envelope'
          ? eb.exists(texts.whereRef('envelope_search_text.envelope_id', '=', 'envelopes.id'))
          : eb(
              'envelopes.id',
              'in',
              plan === 'database'
                ? texts
                : // SQLite's FTS5 trigram index gave the candidates (a superset: it folds case more
                  // widely), the LIKE keeps exactly those that match.
                  texts.where(sql.ref('envelope_search_text.id'), 'in', plan.candidateIds),
            )
    if (senders.length === 0) return byText
    return eb.or([
      byText,
      eb(
        'envelopes.sender_user_id',
        'in',
        senders.map((sender) => sender.id),
      ),
    ])
  }
}

/**
 * DocuSign's `search_text` (`GET /envelopes` and `GET /folders/{folderId}`) without an index: the reference
 * `searchMatcher`'s index is tested against, and the plan for text with a line break. The subject, the sender's
 * name, recipients' names and emails, custom field values, matched by `pattern` (see search.ts). Each
 * part is a set of ids found in one sequential pass over its table (the query around it keeps the
 * account's): walking the account's envelopes in page order instead would fetch every row for its
 * subject and look up its recipients and fields one by one.
 */
export function matchesSearch<TB extends keyof Schema>(
  scope: ExpressionBuilder<Schema, TB | 'envelopes'>,
  pattern: string,
): Expression<SqlBool> {
  const eb = scope as unknown as EnvelopeScope
  const like = (column: Expression<string | null>) =>
    sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`
  return eb.or([
    eb(
      'envelopes.id',
      'in',
      eb
        .selectFrom('envelopes as searched')
        .select('searched.id')
        .where((inner) => like(inner.ref('searched.email_subject'))),
    ),
    eb(
      'envelopes.sender_user_id',
      'in',
      eb
        .selectFrom('users')
        .select('users.id')
        .where((inner) => like(inner.ref('users.name'))),
    ),
    eb(
      'envelopes.id',
      'in',
      eb
        .selectFrom('envelope_recipients')
        .select('envelope_recipients.envelope_id')
        .where((inner) =>
          inner.or([
            like(inner.ref('envelope_recipients.name')),
            like(inner.ref('envelope_recipients.email')),
          ]),
        ),
    ),
    eb(
      'envelopes.id',
      'in',
      eb
        .selectFrom('envelope_custom_fields')
        .select('envelope_custom_fields.envelope_id')
        .where((inner) => like(inner.ref('envelope_custom_fields.value'))),
    ),
  ])
}

/** Above this many trigram candidates, SQLite checks the envelopes of the page and the count one by one. */
const TRIGRAM_SET_LIMIT = 1000

/**
 * How the search text is matched. PostgreSQL: one predicate, which its planner answers from the GIN
 * index or not, from its statistics. SQLite has no statistics for an FTS5 table, so the plan is chosen
 * here from the trigram index's candidates, read once (up to a limit): a rare text as those candidates'
 * rows, looked up by id; a common one by checking the account's envelopes in page order, each by its
 * search text, which stops once the page and the capped count have their matches (a set of every
 * match would be built first otherwise). Text too short for trigrams is also checked one by one.
 */
async function searchTextPlan(
  db: DbOrTx,
  search: SearchFilter,
): Promise<'database' | 'each envelope' | { candidateIds: number[] }> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return 'database'
  const { trigramPhrase } = search
  if (trigramPhrase === undefined) return 'each envelope'
  const { rows } = await sql<{ id: number }>`
    select rowid as id from envelope_search where envelope_search match ${trigramPhrase}
    limit ${TRIGRAM_SET_LIMIT + 1}`.execute(db)
  return rows.length > TRIGRAM_SET_LIMIT ? 'each envelope' : { candidateIds: rows.map((row) => row.id) }
}

/** The `GET /envelopes` filters as one predicate on `envelopes`, for the page and its count alike. */
function listFilter<TB extends keyof Schema>(
  scope: ExpressionBuilder<Schema, TB | 'envelopes'>,
  query: EnvelopeListQuery,
  match: SearchMatcher | undefined,
): Expression<SqlBool> {
  const eb = scope as unknown as EnvelopeScope
  const conditions: Expression<SqlBool>[] = [eb('envelopes.account_id', '=', query.accountId)]
  if (query.fromDate !== undefined) conditions.push(eb('envelopes.status_changed_at', '>=', query.fromDate))
  if (query.toDate !== undefined) conditions.push(eb('envelopes.status_changed_at', '<', query.toDate))
  if (query.statuses) conditions.push(eb('envelopes.status', 'in', query.statuses))
  if (query.envelopeIds) conditions.push(eb('envelopes.id', 'in', query.envelopeIds))
  const { folders } = query
  if (folders) {
    const held = folders.ids.map((folder) => inFolder(eb, folder, folders.callerEmail, query.statuses))
    conditions.push(eb.or(held))
  }
  if (match) conditions.push(match(eb))
  return eb.and(conditions)
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
    ...(row.access_code !== null ? { accessCode: row.access_code } : {}),
    ...(row.sms_auth_phones !== null ? { smsAuthPhones: JSON.parse(row.sms_auth_phones) as string[] } : {}),
    ...(row.in_person !== null ? { inPerson: JSON.parse(row.in_person) as InPersonSigner } : {}),
    ...(row.message_settings !== null ? (JSON.parse(row.message_settings) as RecipientMessageSettings) : {}),
    ...(row.note !== null ? { note: row.note } : {}),
    ...(row.excluded_documents !== null
      ? { excludedDocuments: JSON.parse(row.excluded_documents) as string[] }
      : {}),
    tabs: withStoredTabIds(JSON.parse(row.tabs) as TabsByType, `${row.envelope_id}/${row.recipient_id}`),
    status: row.status as RecipientStatus,
    ...(row.sent_at !== null ? { sentAt: row.sent_at } : {}),
    ...(row.reassigned_to !== null ? { reassignedTo: row.reassigned_to } : {}),
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
      ...originalOf(row),
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

type EnvelopeScope = ExpressionBuilder<Schema, 'envelopes'>

/**
 * The envelopes `folder` holds (see folder.ts): those moved there, and those nobody moved whose status
 * puts them there. The inbox also holds the envelopes (not drafts) addressed to `callerEmail`.
 * `statuses`, when the list also asks for them, lets the folder's own status test go where they already
 * decide it (below).
 */
export function inFolder<TB extends keyof Schema>(
  scope: ExpressionBuilder<Schema, TB | 'envelopes'>,
  folder: SystemFolder,
  callerEmail: string,
  statuses?: readonly string[],
): Expression<SqlBool> {
  // The predicate refers to `envelopes` only, so it fits any query that has that table (e.g. joined with users).
  const eb = scope as unknown as EnvelopeScope
  const moved = eb('envelopes.folder', '=', folder)
  const unmoved = eb('envelopes.folder', 'is', null)
  // Drafts asked for as `status in ('created')` and tested again as `status = 'created'`: PostgreSQL
  // multiplies the two as if unrelated and expected 239 drafts of 5,000, so it counted them with a
  // parallel scan of the whole table (100 ms) instead of stopping in the list index after the count's
  // reach (BENCHMARKS.md, "Dashboard list"). The same holds for sent items without drafts asked.
  const asked = statuses !== undefined && statuses.length > 0 ? statuses : undefined
  const onlyDrafts = asked?.every((status) => status === 'created') ?? false
  const noDrafts = asked !== undefined && !asked.includes('created')
  const unmovedSent = noDrafts ? unmoved : eb.and([unmoved, eb('envelopes.status', '<>', 'created')])
  switch (folder) {
    case 'recyclebin':
      return moved
    case 'draft':
      return eb.or([moved, onlyDrafts ? unmoved : eb.and([unmoved, eb('envelopes.status', '=', 'created')])])
    case 'sentitems':
      return eb.or([moved, unmovedSent])
    case 'inbox':
      // One set of candidate ids, then the folder rule on each: the caller's recipient rows (the
      // lower-cased email index, migration 0026) and the envelopes moved to the inbox (the moved-folder
      // index, migration 0038). As `moved OR (unmoved AND addressed)` the planner had to walk the whole
      // account's list index, checking each envelope, and the inbox's count (about 1% of an account)
      // never stops early; a set the size of the caller's recipient rows is read instead. Same envelopes:
      // a candidate is kept when moved here, or unmoved, not a draft (and so addressed to the caller).
      return eb.and([
        eb(
          'envelopes.id',
          'in',
          eb
            .selectFrom('envelope_recipients')
            .select('envelope_recipients.envelope_id')
            .where(sql`lower(${sql.ref('envelope_recipients.email')})`, '=', callerEmail.toLowerCase())
            .unionAll(
              eb
                .selectFrom('envelopes as moved')
                .select('moved.id as envelope_id')
                .where('moved.folder', '=', 'inbox'),
            ),
        ),
        eb.or([moved, unmovedSent]),
      ])
  }
}
