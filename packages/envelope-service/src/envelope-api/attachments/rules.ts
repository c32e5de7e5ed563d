import type { Attachment } from 'esign-contract'
import { InvalidRequestError } from 'platform'

/**
 * Envelope attachments, DocuSign's rules as this service keeps them: each is named by the caller's
 * `attachmentId` (adding one with an id the envelope has replaces it); an added attachment carries its
 * file in `data` (base64, not empty); they are the sender's, so `accessControl` is `sender` (recipients
 * never see them here, so `senderAndAllRecipients` is refused rather than ignored), and chunked uploads
 * (`remoteUrl`) are not offered.
 */

export interface NewAttachment {
  attachmentId: string
  label: string
  name: string
  attachmentType: string
  accessControl: 'sender'
  bytes: Uint8Array
}

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/

export function readAttachment(
  input: Attachment,
  at: string,
  attachmentId = input.attachmentId,
): NewAttachment {
  if (attachmentId === undefined || attachmentId.trim() === '') {
    throw new InvalidRequestError(`${at}.attachmentId is required`)
  }
  if (input.attachmentId !== undefined && input.attachmentId !== attachmentId) {
    throw new InvalidRequestError(`${at}.attachmentId must be the one in the path`)
  }
  if (input.remoteUrl !== undefined) {
    throw new InvalidRequestError(`${at}.remoteUrl is not supported: send the file in data`)
  }
  const accessControl = input.accessControl?.toLowerCase() ?? 'sender'
  if (accessControl !== 'sender') {
    throw new InvalidRequestError(
      `${at}.accessControl must be sender: recipients do not see attachments here`,
    )
  }
  const data = input.data ?? ''
  const bytes = BASE64.test(data) ? Buffer.from(data, 'base64') : Buffer.alloc(0)
  if (bytes.byteLength === 0) throw new InvalidRequestError(`${at}.data must be the file, base64-encoded`)
  return {
    attachmentId,
    label: input.label ?? '',
    name: input.name ?? '',
    attachmentType: input.attachmentType ?? '',
    accessControl: 'sender',
    bytes,
  }
}

export function readAttachments(inputs: readonly Attachment[]): NewAttachment[] {
  const read = inputs.map((input, n) => readAttachment(input, `attachments[${n}]`))
  const ids = read.map((attachment) => attachment.attachmentId)
  if (new Set(ids).size !== ids.length)
    throw new InvalidRequestError('An attachmentId is named more than once')
  return read
}

export function namedAttachmentIds(inputs: readonly Attachment[]): string[] {
  const ids = inputs.map((input, n) => {
    if (input.attachmentId === undefined)
      throw new InvalidRequestError(`attachments[${n}].attachmentId is required`)
    return input.attachmentId
  })
  if (new Set(ids).size !== ids.length)
    throw new InvalidRequestError('An attachmentId is named more than once')
  return ids
}
