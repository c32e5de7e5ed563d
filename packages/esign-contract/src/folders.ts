import { type Static, Type } from '@sinclair/typebox'

/**
 * Folders (`/folders`): the system folders an account shows, the envelopes in one, and moving envelopes
 * between them. DocuSign's shapes: `FoldersResponse` lists folders; `FolderItemsResponse` wraps the one
 * folder asked for, whose `folderItems` are envelope summaries (`FolderItemV2`); `FoldersRequest` moves.
 */

/** The folder's owner, as DocuSign's `UserInfo`. */
export const FolderOwner = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  email: Type.String(),
})

/** One envelope in a folder (`FolderItemV2`). */
export const FolderItem = Type.Object({
  envelopeId: Type.String(),
  envelopeUri: Type.String(),
  status: Type.String(),
  subject: Type.String(),
  ownerName: Type.String(),
  senderName: Type.String(),
  senderEmail: Type.String(),
  senderUserId: Type.String(),
  createdDateTime: Type.String(),
  sentDateTime: Type.Optional(Type.String()),
  completedDateTime: Type.Optional(Type.String()),
  lastModifiedDateTime: Type.String(),
  folderId: Type.String(),
  folderUri: Type.String(),
  recipientsUri: Type.String(),
})
export type FolderItem = Static<typeof FolderItem>

export const Folder = Type.Object({
  folderId: Type.String(),
  name: Type.String(),
  type: Type.String(),
  uri: Type.String(),
  owner: FolderOwner,
  itemCount: Type.Optional(Type.String()),
  subFolderCount: Type.String(),
  hasSubFolders: Type.String(),
  folderItems: Type.Optional(Type.Array(FolderItem)),
})
export type Folder = Static<typeof Folder>

const Page = {
  resultSetSize: Type.String(),
  totalSetSize: Type.String(),
  startPosition: Type.String(),
  endPosition: Type.String(),
  nextUri: Type.Optional(Type.String()),
  previousUri: Type.Optional(Type.String()),
}

/** `GET /folders`. (`PUT /folders/{folderId}` answers `{}`.) */
export const FoldersResponse = Type.Object({
  ...Page,
  folders: Type.Array(Folder),
})
export type FoldersResponse = Static<typeof FoldersResponse>

/** `GET /folders/{folderId}`: the folder, its page of `folderItems` inside it. */
export const FolderItemsResponse = Type.Object({
  ...Page,
  folders: Type.Array(Folder),
})
export type FolderItemsResponse = Static<typeof FolderItemsResponse>

/** `PUT /folders/{folderId}`: the envelopes to move there. */
export const FoldersRequest = Type.Object({
  envelopeIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 100 }),
  fromFolderId: Type.Optional(Type.String({ maxLength: 100 })),
})
export type FoldersRequest = Static<typeof FoldersRequest>
