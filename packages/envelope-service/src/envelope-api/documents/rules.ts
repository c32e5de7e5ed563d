import { LifecycleError } from '../../lifecycle/errors.js'
import type { AuditNote } from '../../lifecycle/outbox-rows.js'
import type { TemplateDocument } from '../../templates/model.js'

/**
 * When an envelope's documents may change, and what its history says. DocuSign changes documents of a
 * draft, and of a sent envelope only while the sender corrects it in its web app; this service has no
 * such correction session, so documents change on drafts only and any other status is refused with
 * DocuSign's `ENVELOPE_INVALID_STATUS` (400). A draft keeps at least one document: DocuSign cannot send
 * an envelope without one, and deleting the last would leave a draft that fails only when it is sent.
 */

export function checkDocumentsEditable(status: string): void {
  if (status !== 'created') {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      `Documents can be added, replaced or deleted only while the envelope is a draft; this one is '${status}'.`,
    )
  }
}

export function checkSomeDocumentLeft(documents: readonly TemplateDocument[]): void {
  if (documents.length === 0) {
    throw new LifecycleError(
      'INVALID_REQUEST_PARAMETER',
      'An envelope keeps at least one document: add its new documents before deleting the last one.',
    )
  }
}

/** Audit actions of document changes: DocuSign's history has no public list of them; ours, in its style. */
export const DOCUMENT_AUDIT_ACTIONS = {
  added: 'Document Added',
  replaced: 'Document Replaced',
  deleted: 'Document Deleted',
} as const

/** One history entry per document put (added or replaced) or deleted. */
export function documentAudit(
  change: 'put' | 'deleted',
  documents: readonly TemplateDocument[],
  before: readonly TemplateDocument[],
  envelopeStatus: string,
): AuditNote[] {
  const existed = new Set(before.map((document) => document.documentId))
  return documents.map((document) => {
    const kind = change === 'deleted' ? 'deleted' : existed.has(document.documentId) ? 'replaced' : 'added'
    return {
      action: DOCUMENT_AUDIT_ACTIONS[kind],
      envelopeStatus,
      message: `Document ${document.documentId} (${document.name}) was ${kind}.`,
    }
  })
}
