import type { Tabs } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { DbOrTx } from '../database.js'
import { carriesTabs } from '../tabs/read-tabs.js'
import {
  applyTabOperation,
  readTabRequest,
  type TabEditOutcome,
  type TabOperation,
} from '../tabs/tab-edits.js'
import { findTemplate, replaceTemplate, type TemplateViewer } from './repository.js'
import { templateNotFound } from './service.js'

/**
 * `POST`/`PUT`/`DELETE .../templates/{templateId}/recipients/{recipientId}/tabs`: the rules of
 * tabs/tab-edits.ts on a template role, stored through the template's one write path (`replaceTemplate`,
 * which bumps the template's version) as `PUT /templates/{id}` stores an update; the route runs it inside
 * the template cache's `writing`, so no reader keeps the old tabs. A template has no signing progress:
 * its roles' tabs always change.
 */
export async function editTemplateTabs(
  db: DbOrTx,
  caller: { accountId: string; viewer: TemplateViewer },
  target: { templateId: string; recipientId: string },
  operation: TabOperation,
  body: Tabs | null | undefined,
  now: number,
): Promise<TabEditOutcome['answer']> {
  const requested = readTabRequest(body)
  const { templateId, recipientId } = target
  const existing = await findTemplate(db, caller.accountId, templateId, caller.viewer)
  if (!existing) throw templateNotFound(templateId)
  const role = existing.recipients.find((candidate) => candidate.recipientId === recipientId)
  if (!role) {
    throw new InvalidRequestError(`Recipient ${recipientId} is not a recipient of template ${templateId}`, {
      errorCode: 'UNKNOWN_ENVELOPE_RECIPIENT',
    })
  }
  if (!carriesTabs(role.type)) {
    throw new InvalidRequestError(
      `The Tab specified is not valid for the requested operation. Recipient ${recipientId} is a ${role.type}: only signers and in-person signers have tabs.`,
      { errorCode: 'INVALID_TAB_OPERATION' },
    )
  }
  const outcome = applyTabOperation({
    operation,
    current: role.tabs,
    requested,
    scope: 'the template',
    pagesOf: new Map(existing.documents.map((document) => [document.documentId, document.pages])),
  })
  const { accountId: _, ownerUserId: __, created: ___, lastModified: ____, ...kept } = existing
  const recipients = existing.recipients.map((candidate) =>
    candidate === role ? { ...role, tabs: outcome.tabs } : candidate,
  )
  const record = { ...kept, recipients, documents: undefined }
  if (!(await replaceTemplate(db, caller.accountId, record, new Date(now).toISOString()))) {
    throw templateNotFound(templateId)
  }
  return outcome.answer
}
