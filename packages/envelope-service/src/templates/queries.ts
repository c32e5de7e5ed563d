import type { DbOrTx } from '../database.js'
import { getBlob } from '../documents/blobs/repository.js'
import {
  findTemplateDocumentBlob,
  listTemplates,
  type TemplateListQuery,
  type TemplateViewer,
} from './repository.js'

/** The read side of the template API that does not go through the template cache, for the routes. */

export const listVisibleTemplates = (db: DbOrTx, query: TemplateListQuery) => listTemplates(db, query)

/** A template document's name and PDF, or undefined when the viewer cannot see it or its bytes are gone. */
export async function templateDocumentPdf(
  db: DbOrTx,
  target: { accountId: string; templateId: string; documentId: string; viewer: TemplateViewer },
): Promise<{ name: string; bytes: Uint8Array } | undefined> {
  const found = await findTemplateDocumentBlob(
    db,
    target.accountId,
    target.templateId,
    target.documentId,
    target.viewer,
  )
  const bytes = found && (await getBlob(db, found.blobId))
  return found && bytes ? { name: found.name, bytes } : undefined
}
