import type { Folder, FolderItem } from 'esign-contract'
import { FOLDER_NAMES, type SystemFolder } from '../envelopes/folder.js'
import type { FolderEnvelope } from './repository.js'

/** Folder values to DocuSign's wire shapes: the one place they meet. */

export interface FolderOwner {
  userId: string
  userName: string
  email: string
}

export const folderUri = (folder: SystemFolder) => `/folders/${folder}`

export function toFolder(folder: SystemFolder, owner: FolderOwner, itemCount?: number): Folder {
  return {
    folderId: folder,
    name: FOLDER_NAMES[folder],
    type: folder,
    uri: folderUri(folder),
    owner,
    ...(itemCount === undefined ? {} : { itemCount: String(itemCount) }),
    subFolderCount: '0',
    hasSubFolders: 'false',
  }
}

export function toFolderItem(envelope: FolderEnvelope, folder: SystemFolder): FolderItem {
  const envelopeUri = `/envelopes/${envelope.envelopeId}`
  return {
    envelopeId: envelope.envelopeId,
    envelopeUri,
    status: envelope.status,
    subject: envelope.subject,
    ownerName: envelope.sender.userName,
    senderName: envelope.sender.userName,
    senderEmail: envelope.sender.email,
    senderUserId: envelope.sender.userId,
    createdDateTime: envelope.createdAt,
    ...(envelope.sentAt ? { sentDateTime: envelope.sentAt } : {}),
    ...(envelope.completedAt ? { completedDateTime: envelope.completedAt } : {}),
    lastModifiedDateTime: envelope.updatedAt,
    folderId: folder,
    folderUri: folderUri(folder),
    recipientsUri: `${envelopeUri}/recipients`,
  }
}
