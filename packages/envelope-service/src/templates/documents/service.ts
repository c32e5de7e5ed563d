import type { ServiceContext } from '../../context.js'
import type { Template, TemplateDocument } from '../model.js'
import { findTemplate, replaceTemplate, type TemplateViewer } from '../repository.js'
import { templateNotFound } from '../service.js'
import { type DocumentPut, putDocuments, removeDocuments, tabsOnDocuments } from './changes.js'

/**
 * `PUT`/`DELETE .../templates/{templateId}/documents[/{documentId}]`. The new documents and the roles'
 * tabs (changes.ts) are stored through the template's one write path, `replaceTemplate` (a version bump
 * that every process's template cache sees), inside the cache's `writing`, as a template update is.
 */

export type TemplateDocumentDeps = Pick<ServiceContext, 'db' | 'now' | 'templateCache'>

export interface TemplateTarget {
  accountId: string
  viewer: TemplateViewer
  templateId: string
}

/** The template a document write is about, or 404 (also for one the viewer may not see). */
export async function templateToChange(
  deps: TemplateDocumentDeps,
  target: TemplateTarget,
): Promise<Template> {
  const template = await findTemplate(deps.db, target.accountId, target.templateId, target.viewer)
  if (!template) throw templateNotFound(target.templateId)
  return template
}

/** Adds or replaces documents; returns them as stored (their final order). */
export function putTemplateDocuments(
  deps: TemplateDocumentDeps,
  target: TemplateTarget,
  puts: readonly DocumentPut[],
): Promise<TemplateDocument[]> {
  const ids = new Set(puts.map((put) => put.documentId))
  return changeDocuments(
    deps,
    target,
    (existing) => putDocuments(existing, puts),
    (documents) => documents.filter((document) => ids.has(document.documentId)),
  )
}

/** Deletes documents (and the tabs on them); returns the deleted documents. */
export function deleteTemplateDocuments(
  deps: TemplateDocumentDeps,
  target: TemplateTarget,
  documentIds: readonly string[],
): Promise<TemplateDocument[]> {
  const ids = new Set(documentIds)
  let before: readonly TemplateDocument[] = []
  return changeDocuments(
    deps,
    target,
    (existing) => {
      before = existing
      return removeDocuments(existing, documentIds)
    },
    () => before.filter((document) => ids.has(document.documentId)),
  )
}

async function changeDocuments(
  deps: TemplateDocumentDeps,
  target: TemplateTarget,
  change: (existing: readonly TemplateDocument[]) => TemplateDocument[],
  answer: (documents: TemplateDocument[]) => TemplateDocument[],
): Promise<TemplateDocument[]> {
  return deps.templateCache.writing(target.templateId, async () => {
    const existing = await templateToChange(deps, target)
    const documents = change(existing.documents)
    const recipients = existing.recipients.map((role) => ({
      ...role,
      tabs: tabsOnDocuments(role.tabs, documents, `the tabs of role "${role.roleName}"`),
    }))
    const record = { ...existing, recipients, documents }
    if (!(await replaceTemplate(deps.db, target.accountId, record, new Date(deps.now()).toISOString()))) {
      throw templateNotFound(target.templateId)
    }
    return answer(documents)
  })
}
