import { randomUUID } from 'node:crypto'
import type { ServiceContext } from '../../context.js'
import type { StoredEnvelopeDocument } from '../../envelopes/reads.js'
import { documentsOf, envelopeOrFail, recipientsOf } from '../../envelopes/service.js'
import { findUser } from '../../identity/repository.js'
import type { Transition } from '../../lifecycle/model.js'
import { applyTransition, recordAudit } from '../../lifecycle/service.js'
import type { TabsByType } from '../../tabs/model.js'
import {
  type DocumentPut,
  putDocuments,
  removeDocuments,
  tabsChanged,
  tabsOnDocuments,
} from '../../templates/documents/changes.js'
import type { TemplateDocument } from '../../templates/model.js'
import { storeDocumentChange } from '../writer.js'
import { checkDocumentsEditable, checkSomeDocumentLeft, documentAudit } from './rules.js'

/**
 * `PUT`/`DELETE .../envelopes/{envelopeId}/documents[/{documentId}]` on a draft (rules.ts). Documents are
 * converted and their bytes stored first (outside any transaction); then the change goes through the
 * lifecycle's one write path as a transition that keeps every status, so it is ordered against a send
 * of the same envelope (a send that wins makes this one refused). Inside that transaction the documents
 * and tabs are read, changed by the shared rule (templates/documents/changes.ts), written, and the
 * history gets one entry per document.
 */

export type EnvelopeDocumentDeps = Pick<ServiceContext, 'db' | 'now' | 'wakeOutbox'>
type Caller = { accountId: string; userId: string }

/** 404 for an unknown envelope, 400 for one past draft: before the documents are converted. */
export async function checkEnvelopeDocumentsWritable(
  deps: EnvelopeDocumentDeps,
  caller: Caller,
  envelopeId: string,
) {
  const envelope = await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  checkDocumentsEditable(envelope.status)
}

/** Adds or replaces documents; answers them as stored. */
export async function putEnvelopeDocuments(
  deps: EnvelopeDocumentDeps,
  caller: Caller,
  envelopeId: string,
  puts: readonly DocumentPut[],
): Promise<StoredEnvelopeDocument[]> {
  const ids = new Set(puts.map((put) => put.documentId))
  const after = await changeDocuments(deps, caller, envelopeId, 'put', (existing) => ({
    documents: putDocuments(existing, puts),
    named: puts.map((put) => put.documentId),
  }))
  return after.documents.filter((document) => ids.has(document.documentId))
}

/** Deletes documents and the tabs on them; answers the deleted documents. */
export async function deleteEnvelopeDocuments(
  deps: EnvelopeDocumentDeps,
  caller: Caller,
  envelopeId: string,
  documentIds: readonly string[],
): Promise<StoredEnvelopeDocument[]> {
  const ids = new Set(documentIds)
  const { before } = await changeDocuments(deps, caller, envelopeId, 'deleted', (existing) => {
    const documents = removeDocuments(existing, documentIds)
    checkSomeDocumentLeft(documents)
    return { documents, named: documentIds }
  })
  return before.filter((document) => ids.has(document.documentId))
}

async function changeDocuments(
  deps: EnvelopeDocumentDeps,
  caller: Caller,
  envelopeId: string,
  change: 'put' | 'deleted',
  plan: (existing: readonly TemplateDocument[]) => {
    documents: TemplateDocument[]
    named: readonly string[]
  },
): Promise<{ before: StoredEnvelopeDocument[]; documents: StoredEnvelopeDocument[] }> {
  const user = await findUser(deps.db, caller.userId)
  const actor = { source: 'API' as const, userName: user?.name ?? caller.userId, userId: caller.userId }
  let result = { before: [] as StoredEnvelopeDocument[], documents: [] as StoredEnvelopeDocument[] }
  await applyTransition(
    deps,
    { envelopeId, accountId: caller.accountId },
    (stored): Transition => {
      checkDocumentsEditable(stored.state.status)
      return { envelope: stored.state, effects: { messages: [], audit: [], events: [] } }
    },
    actor,
    async (tx, stored) => {
      const before = await documentsOf(tx, envelopeId)
      const { documents, named } = plan(before)
      const guids = new Map(before.map((document) => [document.documentId, document.documentIdGuid]))
      const rows = documents.map((document) => ({
        ...document,
        documentIdGuid: guids.get(document.documentId) ?? randomUUID(),
      }))
      const tabs = new Map<string, TabsByType>()
      for (const recipient of await recipientsOf(tx, envelopeId)) {
        const path = `the tabs of recipient ${recipient.recipientId}`
        const kept = tabsOnDocuments(recipient.tabs, documents, path)
        if (tabsChanged(recipient.tabs, kept)) tabs.set(recipient.recipientId, kept)
      }
      await storeDocumentChange(tx, envelopeId, rows, tabs)
      const names = new Set(named)
      const touched = (change === 'put' ? rows : before).filter((document) => names.has(document.documentId))
      await recordAudit(
        tx,
        envelopeId,
        documentAudit(change, touched, before, stored.state.status),
        actor,
        deps.now(),
      )
      result = { before, documents: rows }
    },
  )
  return result
}
