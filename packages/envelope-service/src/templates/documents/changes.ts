import { InvalidRequestError } from 'platform'
import { DOCUMENT_LIMITS } from '../../documents/pdf.js'
import type { Tab, TabsByType } from '../../tabs/model.js'
import { tabText } from '../../tabs/read-tabs.js'
import type { TemplateDocument } from '../model.js'

/**
 * What a document write (`PUT`/`DELETE .../documents` of a template or a draft envelope) does to the
 * documents and to the tabs placed on them, as DocuSign does it:
 * - a document put with the `documentId` of one already there replaces it and keeps its place; a new one
 *   goes after the others; an explicit `order` moves either; positions are then renumbered 1..N;
 * - deleting names documents by `documentId`, all of which must exist (or nothing is deleted);
 * - a tab placed on a document that is gone goes with it; a tab on a replaced document must still fit
 *   its pages (else 400, nothing changes); anchor tabs name no document and are found again in the
 *   documents as they are when the envelope is signed (signing/placements.ts).
 */

/** A document as a write adds it: converted and in the blob store, its place not yet decided. */
export type DocumentPut = Omit<TemplateDocument, 'order'> & { order?: number }

export const DOCUMENT_DOES_NOT_EXIST = 'DOCUMENT_DOES_NOT_EXIST'

/** The documents after `incoming` are put into `existing`, in their new order. */
export function putDocuments(
  existing: readonly TemplateDocument[],
  incoming: readonly DocumentPut[],
): TemplateDocument[] {
  const byId = new Map<string, DocumentPut>()
  incoming.forEach((document, index) => {
    if (byId.has(document.documentId)) {
      throw new InvalidRequestError(
        `documents[${index}].documentId ${document.documentId} is used by another document of the request`,
      )
    }
    byId.set(document.documentId, document)
  })
  const last = Math.max(0, ...existing.map((document) => document.order))
  const kept = existing.map((document) => {
    const replacement = byId.get(document.documentId)
    return {
      document: replacement ?? document,
      key: replacement?.order ?? document.order,
      moved: replacement?.order !== undefined,
    }
  })
  const known = new Set(existing.map((document) => document.documentId))
  const added = incoming
    .filter((document) => !known.has(document.documentId))
    .map((document, index) => ({
      document,
      key: document.order ?? last + index + 1,
      moved: document.order !== undefined,
    }))
  const all = [...kept, ...added]
  if (all.length > DOCUMENT_LIMITS.maxDocuments) {
    throw new InvalidRequestError(
      `documents: at most ${DOCUMENT_LIMITS.maxDocuments} documents are allowed (this would make ${all.length})`,
    )
  }
  // A document given an order takes that place: before one already there with the same order.
  const sorted = all.sort((a, b) => a.key - b.key || Number(b.moved) - Number(a.moved))
  return renumbered(sorted.map((entry) => entry.document))
}

/** The documents left once those named are deleted; 400 DOCUMENT_DOES_NOT_EXIST naming the first unknown. */
export function removeDocuments(
  existing: readonly TemplateDocument[],
  documentIds: readonly string[],
): TemplateDocument[] {
  const known = new Set(existing.map((document) => document.documentId))
  documentIds.forEach((documentId, index) => {
    if (!known.has(documentId)) {
      throw new InvalidRequestError(`documents[${index}].documentId ${documentId} is not a document here`, {
        errorCode: DOCUMENT_DOES_NOT_EXIST,
      })
    }
  })
  const removed = new Set(documentIds)
  return renumbered(existing.filter((document) => !removed.has(document.documentId)))
}

function renumbered(documents: readonly (TemplateDocument | DocumentPut)[]): TemplateDocument[] {
  return documents.map((document, index) => ({ ...document, order: index + 1 }))
}

/**
 * A recipient's tabs once the documents are `documents`: tabs on a document no longer there are dropped;
 * a tab (or radio) whose page is beyond its document's pages is a 400 naming `path`.
 */
export function tabsOnDocuments(
  tabs: TabsByType,
  documents: readonly TemplateDocument[],
  path: string,
): TabsByType {
  const pages = new Map(documents.map((document) => [document.documentId, document.pages]))
  const kept: TabsByType = {}
  for (const [type, list] of Object.entries(tabs)) {
    const left = list.filter((tab) => {
      const documentId = tabText(tab, 'documentId')
      return documentId === undefined || pages.has(documentId)
    })
    left.forEach((tab, index) => {
      checkPages(tab, pages, `${path}.${type}[${index}]`)
    })
    if (left.length > 0) kept[type] = left
  }
  return kept
}

function checkPages(tab: Tab, pages: ReadonlyMap<string, number>, at: string): void {
  const documentId = tabText(tab, 'documentId')
  if (documentId === undefined) return
  const count = pages.get(documentId) as number
  const radios = Array.isArray(tab.radios) ? tab.radios : []
  for (const placed of [tab, ...radios]) {
    const page = tabText(placed, 'pageNumber')
    if (page !== undefined && Number(page) > count) {
      throw new InvalidRequestError(
        `${at}.pageNumber ${page} is outside document ${documentId}, which now has ${count} page(s); move or delete the tab first`,
      )
    }
  }
}

/** Whether the write changed the tabs (so only those recipients are written again). */
export const tabsChanged = (before: TabsByType, after: TabsByType): boolean =>
  JSON.stringify(before) !== JSON.stringify(after)
