import { type CompiledQuery, type Selectable, sql, type Transaction } from 'kysely'
import type { DbOrTx, Schema } from '../database.js'
import type { CustomFields, Template, TemplateDocument, TemplateRole } from './model.js'
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
  /** Undefined on replace: keep the stored documents. */
  documents: TemplateDocument[] | undefined
}

export type TemplateSortField = 'name' | 'modified' | 'created'

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
  created: string
  lastModified: string
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
    recipients: JSON.parse(row.recipients) as TemplateRole[],
    customFields: JSON.parse(row.custom_fields) as CustomFields,
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

/**
 * How far this process trusts its parsed-template cache. `verified` checks every cached template
 * against the stored `version` on each read, so changes made by other processes sharing the database
 * are seen; `trusted` serves cached templates without asking the database, which is exact only while
 * this process is the database's one writer (its own writes drop what they change).
 */
export type TemplateCacheMode = 'trusted' | 'verified'

interface CachedTemplate {
  version: number
  updatedAt: string
  template: Template
}

interface TemplateCache {
  trusted: boolean
  entries: Map<string, CachedTemplate>
  /** Counts template writes; a read that overlapped one does not keep what it loaded. */
  writes: number
}

/**
 * One cache per database handle (keyed by the dialect adapter, which a handle shares with its
 * transactions), so two service instances in one process (tests) behave like two processes.
 */
const templateCaches = new WeakMap<object, TemplateCache>()
const TEMPLATE_CACHE_MAX_ENTRIES = 2_000

function cacheOf(db: DbOrTx): TemplateCache {
  const key = db.getExecutor().adapter
  let cache = templateCaches.get(key)
  if (cache === undefined) {
    cache = { trusted: false, entries: new Map(), writes: 0 }
    templateCaches.set(key, cache)
  }
  return cache
}

/** Sets how `db`'s template cache is used (`verified` until this is called), emptying it. */
export function configureTemplateCache(db: DbOrTx, mode: TemplateCacheMode) {
  templateCaches.set(db.getExecutor().adapter, { trusted: mode === 'trusted', entries: new Map(), writes: 0 })
}

function remember(cache: TemplateCache, template: Template, version: number) {
  const entries = cache.entries
  if (entries.size >= TEMPLATE_CACHE_MAX_ENTRIES && !entries.has(template.templateId)) {
    entries.delete(entries.keys().next().value as string)
  }
  entries.set(template.templateId, { version, updatedAt: template.lastModified, template })
}

/** Drops a template from this handle's cache (other processes notice through `version`). */
function forgetTemplate(db: DbOrTx, templateId: string) {
  const cache = cacheOf(db)
  cache.entries.delete(templateId)
  cache.writes += 1
}

/**
 * Runs a write of one template, dropping it from the cache before and after: a read that loads the
 * old row while the write is under way then does not keep it (see `TemplateCache.writes`). A write
 * inside a caller's transaction commits later; on SQLite that transaction holds the one connection,
 * so no read can load the old row before the commit.
 */
async function writingTemplate<T>(db: DbOrTx, templateId: string, write: () => Promise<T>): Promise<T> {
  forgetTemplate(db, templateId)
  try {
    return await write()
  } finally {
    forgetTemplate(db, templateId)
  }
}

function visibleTo(template: Template, viewer: TemplateViewer | undefined): boolean {
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

interface VersionRow {
  id: string
  version: number
  updated_at: string
}

function buildVersionQuery(db: DbOrTx, accountId: string, ids: string[], viewer: TemplateViewer | undefined) {
  let query = db
    .selectFrom('templates')
    .select(['id', 'version', 'updated_at'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
  if (viewer && !viewer.seesAll) {
    const userId = viewer.userId
    query = query.where((eb) => eb.or([eb('owner_user_id', '=', userId), eb('shared', '=', 1)]))
  }
  return query
}

/**
 * The version query's compiled SQL per database handle and shape (number of ids, restricted viewer or
 * not). It runs on every template read, and building and compiling it with Kysely costs about as much
 * as SQLite takes to run it; between calls of one shape only the parameters change. A shape is only
 * reused when its first compilation produced exactly the parameters `versionParameters` predicts.
 */
const compiledVersionQueries = new WeakMap<DbOrTx, Map<string, CompiledQuery<VersionRow>>>()
const MAX_VERSION_QUERY_SHAPES = 64

function versionParameters(accountId: string, ids: string[], viewer: TemplateViewer | undefined) {
  return viewer && !viewer.seesAll ? [accountId, ...ids, viewer.userId, 1] : [accountId, ...ids]
}

async function currentVersions(
  db: DbOrTx,
  accountId: string,
  ids: string[],
  viewer: TemplateViewer | undefined,
): Promise<VersionRow[]> {
  const parameters = versionParameters(accountId, ids, viewer)
  const shape = `${ids.length}:${parameters.length}`
  let shapes = compiledVersionQueries.get(db)
  if (shapes === undefined) {
    shapes = new Map()
    compiledVersionQueries.set(db, shapes)
  }
  const compiled = shapes.get(shape)
  if (compiled !== undefined) {
    return (await db.executeQuery<VersionRow>({ ...compiled, parameters })).rows
  }
  const fresh: CompiledQuery<VersionRow> = buildVersionQuery(db, accountId, ids, viewer).compile()
  const predictable =
    fresh.parameters.length === parameters.length &&
    fresh.parameters.every((value, index) => value === parameters[index])
  if (predictable && shapes.size < MAX_VERSION_QUERY_SHAPES) shapes.set(shape, fresh)
  return (await db.executeQuery(fresh)).rows
}

/** Loads and parses templates of the account by id, with their documents and versions. */
async function loadTemplates(
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

/** The `verified` read: one version query, then the changed or uncached templates. */
async function findVerified(
  db: DbOrTx,
  cache: TemplateCache,
  accountId: string,
  ids: string[],
  viewer: TemplateViewer | undefined,
): Promise<Map<string, Template>> {
  const found = new Map<string, Template>()
  const versions = await currentVersions(db, accountId, ids, viewer)
  const stale: string[] = []
  for (const row of versions) {
    const cached = cache.entries.get(row.id)
    if (cached && cached.version === Number(row.version) && cached.updatedAt === row.updated_at) {
      found.set(row.id, cached.template)
    } else {
      stale.push(row.id)
    }
  }
  if (stale.length > 0) {
    for (const { template, version } of await loadTemplates(db, accountId, stale)) {
      remember(cache, template, version)
      found.set(template.templateId, template)
    }
  }
  return found
}

/**
 * The `trusted` read: cached templates without a query, the others loaded. What a transaction reads
 * is not kept (it may roll back), nor what a read overlapping a template write loaded.
 */
async function findTrusted(
  db: DbOrTx,
  cache: TemplateCache,
  accountId: string,
  ids: string[],
  viewer: TemplateViewer | undefined,
): Promise<Map<string, Template>> {
  const found = new Map<string, Template>()
  const missing: string[] = []
  for (const id of ids) {
    const cached = cache.entries.get(id)
    if (cached === undefined) missing.push(id)
    else if (cached.template.accountId === accountId && visibleTo(cached.template, viewer)) {
      found.set(id, cached.template)
    }
  }
  if (missing.length > 0) {
    const writesBefore = cache.writes
    const loaded = await loadTemplates(db, accountId, missing)
    const keep = !db.isTransaction && cache.writes === writesBefore
    for (const { template, version } of loaded) {
      if (keep) remember(cache, template, version)
      if (visibleTo(template, viewer)) found.set(template.templateId, template)
    }
  }
  return found
}

/**
 * The account's templates among `templateIds`, keyed by id; ids that do not exist in the account are
 * absent from the map. With a `verified` cache, one query when every template is cached and
 * unchanged, three otherwise; with a `trusted` one, none when every template is cached.
 * The returned templates are deeply frozen (they may be shared through the cache): copy, don't mutate.
 * `viewer`, when given, restricts the result to templates that user may see.
 */
export async function findTemplatesByIds(
  db: DbOrTx,
  accountId: string,
  templateIds: string[],
  viewer?: TemplateViewer,
): Promise<Map<string, Template>> {
  const ids = [...new Set(templateIds)]
  if (ids.length === 0) return new Map()
  const cache = cacheOf(db)
  const found = cache.trusted
    ? await findTrusted(db, cache, accountId, ids, viewer)
    : await findVerified(db, cache, accountId, ids, viewer)
  if (ids.length === 1) return found
  // Keep the caller's order, which the map's iteration order would otherwise lose.
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
  }))
}

/** Inserts a new template with its documents (whose blobs must already be stored). */
export async function insertTemplate(
  db: DbOrTx,
  owner: TemplateOwner,
  record: TemplateRecord,
  now: string,
): Promise<void> {
  await writingTemplate(db, record.templateId, () =>
    inTransaction(db, async (tx) => {
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
    }),
  )
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
  return writingTemplate(db, record.templateId, () =>
    inTransaction(db, async (tx) => {
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
    }),
  )
}

/** Deletes a template of the account; false when there was none. */
export async function deleteTemplate(db: DbOrTx, accountId: string, templateId: string): Promise<boolean> {
  const deleted = await writingTemplate(db, templateId, () =>
    db
      .deleteFrom('templates')
      .where('account_id', '=', accountId)
      .where('id', '=', templateId)
      .returning('id')
      .executeTakeFirst(),
  )
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
  const sortColumn =
    query.sortField === 'name' ? 'name_key' : query.sortField === 'created' ? 'created_at' : 'updated_at'
  const [rows, counted] = await Promise.all([
    filtered
      .select([
        'id',
        'owner_user_id',
        'name',
        'description',
        'shared',
        'email_subject',
        'created_at',
        'updated_at',
      ])
      .orderBy(sortColumn, query.direction)
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
      created: row.created_at,
      lastModified: row.updated_at,
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
