import { InvalidRequestError } from 'platform'
import type { TabsByType } from '../tabs/model.js'

/**
 * Document visibility (DocuSign's `enforceSignerVisibility` with a recipient's `excludedDocuments`): when
 * the envelope enforces it, a recipient never receives or sees the documents it is excluded from: not on
 * the signing page, not in the documents or the combined PDF it downloads, not in its certificate. A
 * recipient cannot be excluded from a document it has a tab on (DocuSign's `CANNOT_EXCLUDE_DOCUMENT`);
 * exclusions on an envelope that does not enforce them are refused rather than ignored. An anchor tab
 * whose anchor also occurs in an excluded document is placed on the visible documents only.
 */

interface Excludable {
  name?: string
  email?: string
  excludedDocuments?: readonly string[]
  tabs: TabsByType
}

/** The envelope's document ids (in order) the recipient receives. */
export function visibleDocumentIds(
  documentIds: readonly string[],
  recipient: Pick<Excludable, 'excludedDocuments'>,
  enforced: boolean,
): string[] {
  if (!enforced || !recipient.excludedDocuments?.length) return [...documentIds]
  const excluded = new Set(recipient.excludedDocuments)
  return documentIds.filter((documentId) => !excluded.has(documentId))
}

/** The documents a recipient's tabs name by `documentId` (anchor tabs name none until placed). */
export function documentsWithTabs(tabs: TabsByType): Set<string> {
  const named = new Set<string>()
  for (const list of Object.values(tabs)) {
    for (const tab of list) {
      if (typeof tab.documentId === 'string') named.add(tab.documentId)
      const radios = Array.isArray(tab.radios) ? tab.radios : []
      for (const radio of radios) if (typeof radio.documentId === 'string') named.add(radio.documentId)
    }
  }
  return named
}

/**
 * Throws for exclusions the envelope cannot take: any without `enforceSignerVisibility`, and a recipient
 * excluded from a document it has a tab on.
 */
export function checkExclusions(
  recipients: readonly Excludable[],
  documents: readonly { documentId: string; name: string }[],
  enforced: boolean,
): void {
  for (const recipient of recipients) {
    if (!recipient.excludedDocuments?.length) continue
    if (!enforced) {
      throw new InvalidRequestError(
        'excludedDocuments is enforced only when the envelope sets enforceSignerVisibility to "true"',
      )
    }
    const tabbed = documentsWithTabs(recipient.tabs)
    for (const documentId of recipient.excludedDocuments) {
      if (!tabbed.has(documentId)) continue
      const document = documents.find((candidate) => candidate.documentId === documentId)
      throw new InvalidRequestError(
        `This document cannot be excluded for this recipient. Recipient: ${recipient.name ?? recipient.email ?? ''} cannot be excluded from Document:${document?.name ?? documentId}`,
        { errorCode: 'CANNOT_EXCLUDE_DOCUMENT' },
      )
    }
  }
}
