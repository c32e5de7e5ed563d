import type { Attachment, EnvelopeAttachmentsResult } from 'esign-contract'
import { InvalidRequestError, NotFoundError } from 'platform'
import type { ServiceContext } from '../../context.js'
import { getBlob, putBlob } from '../../documents/blobs/repository.js'
import { envelopeOrFail } from '../../envelopes/service.js'
import { findUser } from '../../identity/repository.js'
import type { Transition } from '../../lifecycle/model.js'
import { applyTransition } from '../../lifecycle/service.js'
import { deleteAttachments, listAttachments, type StoredAttachment, upsertAttachments } from './repository.js'
import { type NewAttachment, namedAttachmentIds } from './rules.js'

/**
 * `.../envelopes/{envelopeId}/attachments`: list, add (or replace), get, delete (rules.ts). The bytes go to
 * the blob store before the write; the rows change through the lifecycle's one write path, as a
 * transition that keeps every status, so changes to one envelope are ordered.
 */

export type AttachmentDeps = Pick<ServiceContext, 'db' | 'now' | 'wakeOutbox'>
type Caller = { accountId: string; userId: string }

const toResult = (attachments: readonly StoredAttachment[]): EnvelopeAttachmentsResult => ({
  attachments: attachments.map((attachment) => ({
    attachmentId: attachment.attachment_id,
    accessControl: attachment.access_control,
    attachmentType: attachment.attachment_type,
    label: attachment.label,
    name: attachment.name,
  })),
})

export async function envelopeAttachments(deps: AttachmentDeps, caller: Caller, envelopeId: string) {
  await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  return toResult(await listAttachments(deps.db, envelopeId))
}

export async function attachmentFile(
  deps: AttachmentDeps,
  caller: Caller,
  envelopeId: string,
  attachmentId: string,
) {
  await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  const found = (await listAttachments(deps.db, envelopeId)).find(
    (item) => item.attachment_id === attachmentId,
  )
  const bytes = found && (await getBlob(deps.db, found.blob_id))
  if (!found || !bytes)
    throw new NotFoundError(`Attachment ${attachmentId} of envelope ${envelopeId} was not found`)
  return { name: found.name || attachmentId, bytes }
}

/** Runs `write` in the envelope's write path; returns what it returned. */
async function writeAttachments<T>(
  deps: AttachmentDeps,
  caller: Caller,
  envelopeId: string,
  write: (tx: Parameters<typeof listAttachments>[0]) => Promise<T>,
): Promise<T> {
  const user = await findUser(deps.db, caller.userId)
  const actor = { source: 'API' as const, userName: user?.name ?? caller.userId, userId: caller.userId }
  let result: T | undefined
  await applyTransition(
    deps,
    { envelopeId, accountId: caller.accountId },
    (stored): Transition => ({ envelope: stored.state, effects: { messages: [], audit: [], events: [] } }),
    actor,
    async (tx) => {
      result = await write(tx)
    },
  )
  return result as T
}

export async function addAttachments(
  deps: AttachmentDeps,
  caller: Caller,
  envelopeId: string,
  attachments: readonly NewAttachment[],
): Promise<EnvelopeAttachmentsResult> {
  await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  const blobIds: string[] = []
  for (const attachment of attachments) blobIds.push(await putBlob(deps.db, attachment.bytes, deps.now()))
  return writeAttachments(deps, caller, envelopeId, async (tx) => {
    const existing = await listAttachments(tx, envelopeId)
    let next = Math.max(0, ...existing.map((item) => item.position))
    const rows = attachments.map((attachment, n): StoredAttachment => {
      const kept = existing.find((item) => item.attachment_id === attachment.attachmentId)
      return {
        attachment_id: attachment.attachmentId,
        label: attachment.label,
        name: attachment.name,
        attachment_type: attachment.attachmentType,
        access_control: attachment.accessControl,
        blob_id: blobIds[n] as string,
        position: kept?.position ?? ++next,
      }
    })
    await upsertAttachments(tx, envelopeId, rows)
    return toResult(rows)
  })
}

export async function removeAttachments(
  deps: AttachmentDeps,
  caller: Caller,
  envelopeId: string,
  inputs: readonly Attachment[],
): Promise<EnvelopeAttachmentsResult> {
  const attachmentIds = namedAttachmentIds(inputs)
  await envelopeOrFail(deps.db, caller.accountId, envelopeId)
  return writeAttachments(deps, caller, envelopeId, async (tx) => {
    const existing = new Set((await listAttachments(tx, envelopeId)).map((item) => item.attachment_id))
    const unknown = attachmentIds.find((id) => !existing.has(id))
    if (unknown !== undefined) {
      throw new InvalidRequestError(`Attachment ${unknown} is not an attachment of this envelope`)
    }
    return toResult(await deleteAttachments(tx, envelopeId, attachmentIds))
  })
}
