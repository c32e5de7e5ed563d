import type { Workflow } from 'esign-contract'
import { type Selectable, sql, type Transaction } from 'kysely'
import type { DbOrTx, Schema } from '../database.js'
import { originalOf } from '../documents/originals.js'
import { withStoredTabIds } from '../tabs/tab-ids.js'
import type {
  CustomFields,
  EmailSettings,
  EnvelopeNotification,
  Template,
  TemplateDocument,
  TemplateRole,
} from './model.js'
import type { TemplateDocumentsTable, TemplatesTable } from './tables.js'

/** A template's owner and account. */
export interface TemplateOwner {
  accountId: string
  userId: string
}

/** Who is looking: owners see their templates, everyone sees shared ones, `seesAll` sees every one. */
export interface TemplateViewer {
  userId: string
  seesAll: boolean
}

/** Everything of a template that a create or replace writes, documents already in the blob store. */
export interface TemplateRecord {
  templateId: string
  name: string
  description: string
  shared: boolean
  emailSubject: string
  emailBlurb: string
  recipients: TemplateRole[]
  customFields: CustomFields
  notification?: EnvelopeNotification
  emailSettings?: EmailSettings
  allowReassign?: boolean
  brandId?: string
  workflow?: Workflow
  enforceSignerVisibility?: true
  messageLock?: true
  brandLock?: true
  envelopeIdStamping?: false
  useDisclosure?: boolean
  /** Undefined on replace: keep the stored documents. */
  documents: TemplateDocument[] | undefined
}

/** `used`: when an envelope last used the template (to the second); never used counts as oldest. */
export type TemplateSortField = 'name' | 'modified' | 'created' | 'used'

export interface TemplateListQuery {
  accountId: string
  viewer: TemplateViewer
  /** Lower-cased; matched literally as a substring of the name. */
  searchText: string | undefined
  sortField: TemplateSortField
  direction: 'asc' | 'desc'
  start: number
  count: number
}

/** What the template list shows: no roles, documents or custom fields. */
export interface TemplateListing {
  templateId: string
  ownerUserId: string
  name: string
  description: string
  shared: boolean
  emailSubject: string
  emailBlurb: string
  created: string
  lastModified: string
  messageLock?: true
  brandLock?: true
}

type TemplateRow = Selectable<TemplatesTable>

/** Runs `work` in a transaction, joining the caller's when `db` already is one. */
function inTransaction<T>(db: DbOrTx, work: (tx: Transaction<Schema>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Schema>) : db.transaction().execute(work)
}
type DocumentRow = Selectable<TemplateDocumentsTable>

function toDocument(row: DocumentRow): TemplateDocument {
  return {
    documentId: row.document_id,
    name: row.name,
    fileExtension: row.file_extension,
    pages: Number(row.pages),
    order: Number(row.position),
    blobId: row.blob_id,
    ...originalOf(row),
  }
}

/** The stored lock flags (0 or 1; PostgreSQL may return them as strings) as the domain's optional `true`s. */
function locksOf(row: { message_lock: number | string; brand_lock: number | string }) {
  return {
    ...(Number(row.message_lock) === 1 ? { messageLock: true as const } : {}),
    ...(Number(row.brand_lock) === 1 ? { brandLock: true as const } : {}),
  }
}

function toTemplate(row: TemplateRow, documents: TemplateDocument[]): Template {
  return {
    templateId: row.id,
    accountId: row.account_id,
    ownerUserId: row.owner_user_id,
    name: row.name,
    description: row.description,
    shared: row.shared === 1,
    emailSubject: row.email_subject,
    emailBlurb: row.email_blurb,
    documents,
    recipients: (JSON.parse(row.recipients) as TemplateRole[]).map((role) => ({
      ...role,
      tabs: withStoredTabIds(role.tabs, `${row.id}/${role.recipientId}`),
    })),
    customFields: JSON.parse(row.custom_fields) as CustomFields,
    ...(row.notification ? { notification: JSON.parse(row.notification) as EnvelopeNotification } : {}),
    ...(row.email_settings ? { emailSettings: JSON.parse(row.email_settings) as EmailSettings } : {}),
    ...(row.allow_reassign !== null ? { allowReassign: row.allow_reassign !== 0 } : {}),
    ...(row.brand_id ? { brandId: row.brand_id } : {}),
    ...(row.workflow ? { workflow: JSON.parse(row.workflow) as Workflow } : {}),
    ...(Number(row.enforce_signer_visibility) === 1 ? { enforceSignerVisibility: true as const } : {}),
    ...locksOf(row),
    ...(Number(row.envelope_id_stamping) === 0 ? { envelopeIdStamping: false as const } : {}),
    ...(row.use_disclosure !== null ? { useDisclosure: Number(row.use_disclosure) === 1 } : {}),
    created: row.created_at,
    lastModified: row.updated_at,
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/** Whether `viewer` (when given) may see `template`. */
export function visibleTo(template: Template, viewer: TemplateViewer | undefined): boolean {
  return !viewer || viewer.seesAll || template.shared || template.ownerUserId === viewer.userId
}

async function loadDocuments(db: DbOrTx, templateIds: string[]): Promise<Map<string, TemplateDocument[]>> {
  const byTemplate = new Map<string, TemplateDocument[]>(templateIds.map((id) => [id, []]))
  if (templateIds.length === 0) return byTemplate
  const rows = await db
    .selectFrom('template_documents')
    .selectAll()
    .where('template_id', 'in', templateIds)
    .orderBy('template_id')
    .orderBy('position')
    .execute()
  for (const row of rows) byTemplate.get(row.template_id)?.push(toDocument(row))
  return byTemplate
}

/** A template's stored version, which every write increments. */
export interface TemplateVersion {
  id: string
  version: number
  updated_at: string
}

/** The versions of the account's templates among `ids` that `viewer` (when given) may see. */
export async function findTemplateVersions(
  db: DbOrTx,
  accountId: string,
  ids: string[],
  viewer: TemplateViewer | undefined,
): Promise<TemplateVersion[]> {
  let query = db
    .selectFrom('templates')
    .select(['id', 'version', 'updated_at'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
  if (viewer && !viewer.seesAll) {
    const userId = viewer.userId
    query = query.where((eb) => eb.or([eb('owner_user_id', '=', userId), eb('shared', '=', 1)]))
  }
  const rows = await query.execute()
  return rows.map((row) => ({ ...row, version: Number(row.version) }))
}

/**
 * Loads and parses templates of the account by id, with their documents and versions. The templates
 * are deeply frozen, so a cache can hand the same object to every reader.
 */
export async function loadTemplates(
  db: DbOrTx,
  accountId: string,
  ids: string[],
): Promise<{ template: Template; version: number }[]> {
  const rows = await db
    .selectFrom('templates')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute()
  const documents = await loadDocuments(db, ids)
  return rows.map((row) => ({
    template: deepFreeze(toTemplate(row, documents.get(row.id) ?? [])),
    version: Number(row.version),
  }))
}

/**
 * The account's templates among `templateIds`, keyed by id in the caller's order, read from the
 * database (the service's hot paths read through `ctx.templateCache`); ids that do not exist in the
 * account are absent. The templates are deeply frozen: copy, don't mutate. `viewer`, when given,
 * restricts the result to templates that user may see.
 */
export async function findTemplatesByIds(
  db: DbOrTx,
  accountId: string,
  templateIds: string[],
  viewer?: TemplateViewer,
): Promise<Map<string, Template>> {
  const ids = [...new Set(templateIds)]
  if (ids.length === 0) return new Map()
  const found = new Map<string, Template>()
  for (const { template } of await loadTemplates(db, accountId, ids)) {
    if (visibleTo(template, viewer)) found.set(template.templateId, template)
  }
  return new Map(ids.filter((id) => found.has(id)).map((id) => [id, found.get(id) as Template]))
}

/** One template of the account visible to `viewer`, or undefined. */
export async function findTemplate(
  db: DbOrTx,
  accountId: string,
  templateId: string,
  viewer?: TemplateViewer,
): Promise<Template | undefined> {
  return (await findTemplatesByIds(db, accountId, [templateId], viewer)).get(templateId)
}

/** The oldest template of the account for each of `names`, by name. */
export async function findTemplatesByName(
  db: DbOrTx,
  accountId: string,
  names: string[],
): Promise<Map<string, string>> {
  const byName = new Map<string, string>()
  if (names.length === 0) return byName
  const rows = await db
    .selectFrom('templates')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('name', 'in', names)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  for (const row of rows) if (!byName.has(row.name)) byName.set(row.name, row.id)
  return byName
}

function documentRows(templateId: string, documents: TemplateDocument[]): DocumentRow[] {
  return documents.map((document) => ({
    template_id: templateId,
    document_id: document.documentId,
    name: document.name,
    file_extension: document.fileExtension,
    pages: document.pages,
    position: document.order,
    blob_id: document.blobId,
    original_blob_id: document.original?.blobId ?? null,
    original_extension: document.original?.extension ?? null,
  }))
}

/** Inserts a new template with its documents (whose blobs must already be stored). */
export async function insertTemplate(
  db: DbOrTx,
  owner: TemplateOwner,
  record: TemplateRecord,
  now: string,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx
      .insertInto('templates')
      .values({
        id: record.templateId,
        account_id: owner.accountId,
        owner_user_id: owner.userId,
        ...contentColumns(record),
        version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute()
    const documents = documentRows(record.templateId, record.documents ?? [])
    if (documents.length > 0) await tx.insertInto('template_documents').values(documents).execute()
  })
}

/** The columns a create writes and a replacement overwrites. */
function contentColumns(record: TemplateRecord) {
  return {
    name: record.name,
    name_key: record.name.toLowerCase(),
    description: record.description,
    shared: record.shared ? 1 : 0,
    email_subject: record.emailSubject,
    email_blurb: record.emailBlurb,
    recipients: JSON.stringify(record.recipients),
    custom_fields: JSON.stringify(record.customFields),
    notification: record.notification ? JSON.stringify(record.notification) : null,
    email_settings: record.emailSettings ? JSON.stringify(record.emailSettings) : null,
    allow_reassign: record.allowReassign === undefined ? null : record.allowReassign ? 1 : 0,
    brand_id: record.brandId ?? null,
    workflow: record.workflow ? JSON.stringify(record.workflow) : null,
    enforce_signer_visibility: record.enforceSignerVisibility ? 1 : 0,
    message_lock: record.messageLock ? 1 : 0,
    brand_lock: record.brandLock ? 1 : 0,
    envelope_id_stamping: record.envelopeIdStamping === false ? 0 : 1,
    use_disclosure: record.useDisclosure === undefined ? null : record.useDisclosure ? 1 : 0,
  }
}

/**
 * Replaces a template's content (and its documents when `record.documents` is given).
 * Returns false when the template does not exist in the account.
 */
export async function replaceTemplate(
  db: DbOrTx,
  accountId: string,
  record: TemplateRecord,
  now: string,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const updated = await tx
      .updateTable('templates')
      .set((eb) => ({
        ...contentColumns(record),
        version: eb('version', '+', 1),
        updated_at: now,
      }))
      .where('account_id', '=', accountId)
      .where('id', '=', record.templateId)
      .returning('id')
      .executeTakeFirst()
    if (!updated) return false
    if (record.documents) {
      await tx.deleteFrom('template_documents').where('template_id', '=', record.templateId).execute()
      const documents = documentRows(record.templateId, record.documents)
      if (documents.length > 0) await tx.insertInto('template_documents').values(documents).execute()
    }
    return true
  })
}

/** Deletes a template of the account; false when there was none. */
export async function deleteTemplate(db: DbOrTx, accountId: string, templateId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('templates')
    .where('account_id', '=', accountId)
    .where('id', '=', templateId)
    .returning('id')
    .executeTakeFirst()
  return deleted !== undefined
}

const LIKE_SPECIAL = /[\\%_]/g

/** A page of the templates `query.viewer` may see, and how many there are in all. */
export async function listTemplates(
  db: DbOrTx,
  query: TemplateListQuery,
): Promise<{ templates: TemplateListing[]; total: number }> {
  let filtered = db.selectFrom('templates').where('account_id', '=', query.accountId)
  if (!query.viewer.seesAll) {
    const userId = query.viewer.userId
    filtered = filtered.where((eb) => eb.or([eb('owner_user_id', '=', userId), eb('shared', '=', 1)]))
  }
  if (query.searchText) {
    const pattern = `%${query.searchText.replace(LIKE_SPECIAL, (c) => `\\${c}`)}%`
    // SQLite has no default LIKE escape character; PostgreSQL's is the backslash. Name it for both.
    filtered = filtered.where(sql<boolean>`${sql.ref('name_key')} like ${pattern} escape '\\'`)
  }
  const sortKey =
    query.sortField === 'used'
      ? sql<string>`coalesce((select ${sql.ref('template_usage.last_used_at')} from ${sql.table('template_usage')} where ${sql.ref('template_usage.template_id')} = ${sql.ref('templates.id')}), '')`
      : sql.ref(
          query.sortField === 'name'
            ? 'name_key'
            : query.sortField === 'created'
              ? 'created_at'
              : 'updated_at',
        )
  const [rows, counted] = await Promise.all([
    filtered
      .select([
        'id',
        'owner_user_id',
        'name',
        'description',
        'shared',
        'email_subject',
        'email_blurb',
        'created_at',
        'updated_at',
        'message_lock',
        'brand_lock',
      ])
      .orderBy(sortKey, query.direction)
      .orderBy('id', query.direction)
      .limit(query.count)
      .offset(query.start)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ])
  return {
    total: Number(counted.total),
    templates: rows.map((row) => ({
      templateId: row.id,
      ownerUserId: row.owner_user_id,
      name: row.name,
      description: row.description,
      shared: row.shared === 1,
      emailSubject: row.email_subject,
      emailBlurb: row.email_blurb,
      created: row.created_at,
      lastModified: row.updated_at,
      ...locksOf(row),
    })),
  }
}

/** The blob holding one document of a template of the account, or undefined. */
export async function findTemplateDocumentBlob(
  db: DbOrTx,
  accountId: string,
  templateId: string,
  documentId: string,
  viewer: TemplateViewer,
): Promise<{ blobId: string; name: string } | undefined> {
  let query = db
    .selectFrom('template_documents')
    .innerJoin('templates', 'templates.id', 'template_documents.template_id')
    .select(['template_documents.blob_id', 'template_documents.name'])
    .where('templates.account_id', '=', accountId)
    .where('templates.id', '=', templateId)
    .where('template_documents.document_id', '=', documentId)
  if (!viewer.seesAll) {
    query = query.where((eb) =>
      eb.or([eb('templates.owner_user_id', '=', viewer.userId), eb('templates.shared', '=', 1)]),
    )
  }
  const row = await query.executeTakeFirst()
  return row ? { blobId: row.blob_id, name: row.name } : undefined
}
