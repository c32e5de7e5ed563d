import type { Writers } from 'platform'
import type { DbOrTx } from '../database.js'
import type { Template } from './model.js'
import { findTemplateVersions, loadTemplates, type TemplateViewer, visibleTo } from './repository.js'

/**
 * Parsed templates kept in process for the two hot reads, `GET /templates/{id}` and envelope create.
 * Earned by the template get target (≥ 40% of the node:http ceiling) and envelope create (≥ 1,500/s):
 * parsing a template's JSON columns and reading its documents costs more than the rest of either request.
 */
export interface TemplateCache {
  /**
   * The account's templates among `templateIds` that `viewer` (when given) may see, keyed by id in the
   * caller's order. Deeply frozen, shared by every reader: copy, don't mutate.
   */
  find(
    db: DbOrTx,
    accountId: string,
    templateIds: string[],
    viewer?: TemplateViewer,
  ): Promise<Map<string, Template>>
  /**
   * Runs this process's update or delete of a template, dropping the template before and after, so
   * that a read overlapping the write does not keep the old row.
   */
  writing<T>(templateId: string, write: () => Promise<T>): Promise<T>
  /**
   * The `GET /templates/{id}` body of a template this cache handed out, serialized once by `serialize`
   * and kept as UTF-8 bytes. Earned by the template get target: mapping and serializing the template is
   * the largest cost left in that request, and sending a string costs a length count and an encoding
   * per request (template get 47% and 52% of the ceiling as a string, 55% and 60% as bytes). Safe
   * because handed-out templates are frozen and replaced, never changed, when the template changes; a
   * body goes with its template object.
   */
  body(template: Template, serialize: () => string): Buffer
}

interface CachedTemplate {
  version: number
  updatedAt: string
  template: Template
}

const MAX_ENTRIES = 2_000

/**
 * With `WRITERS=single` a cached template is served without a query: this process's own writes go
 * through `writing`, and nothing else writes. With `many` every read asks for the templates' versions
 * (one indexed query) and reloads those that changed, so other processes' writes are seen at once.
 */
export function createTemplateCache(writers: Writers): TemplateCache {
  const entries = new Map<string, CachedTemplate>()
  const bodies = new WeakMap<Template, Buffer>()
  /** Counts writes; a read that overlapped one does not keep what it loaded. */
  let writes = 0

  function remember(template: Template, version: number) {
    if (entries.size >= MAX_ENTRIES && !entries.has(template.templateId)) {
      entries.delete(entries.keys().next().value as string)
    }
    entries.set(template.templateId, { version, updatedAt: template.lastModified, template })
  }

  function forget(templateId: string) {
    entries.delete(templateId)
    writes += 1
  }

  /** Cached templates without a query, the others loaded; what a transaction reads is not kept. */
  async function findTrusting(
    db: DbOrTx,
    accountId: string,
    ids: string[],
    viewer: TemplateViewer | undefined,
  ) {
    const found = new Map<string, Template>()
    const missing: string[] = []
    for (const id of ids) {
      const cached = entries.get(id)
      if (cached === undefined) missing.push(id)
      else if (cached.template.accountId === accountId && visibleTo(cached.template, viewer)) {
        found.set(id, cached.template)
      }
    }
    if (missing.length > 0) {
      const writesBefore = writes
      const loaded = await loadTemplates(db, accountId, missing)
      const keep = !db.isTransaction && writes === writesBefore
      for (const { template, version } of loaded) {
        if (keep) remember(template, version)
        if (visibleTo(template, viewer)) found.set(template.templateId, template)
      }
    }
    return found
  }

  /** One version query, then the changed or uncached templates. */
  async function findVerifying(
    db: DbOrTx,
    accountId: string,
    ids: string[],
    viewer: TemplateViewer | undefined,
  ) {
    const found = new Map<string, Template>()
    const stale: string[] = []
    for (const row of await findTemplateVersions(db, accountId, ids, viewer)) {
      const cached = entries.get(row.id)
      if (cached && cached.version === row.version && cached.updatedAt === row.updated_at) {
        found.set(row.id, cached.template)
      } else {
        stale.push(row.id)
      }
    }
    if (stale.length > 0) {
      for (const { template, version } of await loadTemplates(db, accountId, stale)) {
        remember(template, version)
        found.set(template.templateId, template)
      }
    }
    return found
  }

  return {
    async find(db, accountId, templateIds, viewer) {
      const ids = [...new Set(templateIds)]
      if (ids.length === 0) return new Map()
      const found =
        writers === 'single'
          ? await findTrusting(db, accountId, ids, viewer)
          : await findVerifying(db, accountId, ids, viewer)
      if (ids.length === 1) return found
      return new Map(ids.filter((id) => found.has(id)).map((id) => [id, found.get(id) as Template]))
    },
    async writing(templateId, write) {
      forget(templateId)
      try {
        return await write()
      } finally {
        forget(templateId)
      }
    },
    body(template, serialize) {
      let body = bodies.get(template)
      if (body === undefined) {
        body = Buffer.from(serialize())
        bodies.set(template, body)
      }
      return body
    },
  }
}
