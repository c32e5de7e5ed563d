import type { EnvelopeStatus, FolderItemsResponse, FoldersRequest, FoldersResponse } from 'esign-contract'
import { InvalidRequestError, NotFoundError } from 'platform'
import type { ServiceContext } from '../context.js'
import {
  DELETED_VOID_REASON,
  parseFolderId,
  placementAfterMove,
  SYSTEM_FOLDERS,
  type SystemFolder,
  voidsWhenDeleted,
} from '../envelopes/folder.js'
import { findUser } from '../identity/repository.js'
import type { Transition } from '../lifecycle/model.js'
import { type Actor, applyTransition, recordAudit } from '../lifecycle/service.js'
import { voidEnvelope } from '../lifecycle/transitions.js'
import { type FolderOwner, toFolder, toFolderItem } from './mapping.js'
import {
  countFolderItems,
  findPlacements,
  listFolderItems,
  readPlacement,
  storePlacement,
} from './repository.js'

/**
 * The folders API: the system folders with their counts, a page of one folder, and moves. Every move
 * goes through the lifecycle's one write path (applyTransition): deleting an envelope in flight voids
 * it there, and the new placement and its audit entry are written in the same transaction.
 */

export type FolderDeps = Pick<ServiceContext, 'db' | 'now' | 'wakeOutbox'>

export interface Caller {
  accountId: string
  userId: string
}

/** DocuSign: "If no value is provided, the default search is the previous 30 days." */
export const DEFAULT_FROM_DAYS = 30
const DAY_MS = 24 * 60 * 60_000

export interface FolderItemsFilter {
  fromDate?: string
  toDate?: string
  statuses?: readonly EnvelopeStatus[]
  searchText?: string
  start: number
  count: number
}

async function ownerOf(deps: FolderDeps, caller: Caller): Promise<FolderOwner> {
  const user = await findUser(deps.db, caller.userId)
  return { userId: caller.userId, userName: user?.name ?? '', email: user?.email ?? '' }
}

export function folderOrFail(folderId: string): SystemFolder {
  const folder = parseFolderId(folderId)
  if (!folder) {
    throw new NotFoundError(
      `Folder ${folderId} was not found; the folders are ${SYSTEM_FOLDERS.join(', ')}`,
      {
        errorCode: 'FOLDER_NOT_FOUND',
      },
    )
  }
  return folder
}

/** `GET /folders`: the four system folders, each with how many envelopes it holds. */
export async function listFolders(deps: FolderDeps, caller: Caller): Promise<FoldersResponse> {
  const owner = await ownerOf(deps, caller)
  const counts = await countFolderItems(deps.db, caller.accountId, SYSTEM_FOLDERS, owner.email)
  return {
    resultSetSize: String(SYSTEM_FOLDERS.length),
    totalSetSize: String(SYSTEM_FOLDERS.length),
    startPosition: '0',
    endPosition: String(SYSTEM_FOLDERS.length - 1),
    folders: SYSTEM_FOLDERS.map((folder) => toFolder(folder, owner, counts.get(folder) ?? 0)),
  }
}

/** `GET /folders/{folderId}`: the folder, with one page of its envelopes as `folderItems`. */
export async function listFolderEnvelopes(
  deps: FolderDeps,
  caller: Caller,
  folderId: string,
  filter: FolderItemsFilter,
  pageUri: (start: number) => string,
): Promise<FolderItemsResponse> {
  const folder = folderOrFail(folderId)
  const owner = await ownerOf(deps, caller)
  const { total, envelopes } = await listFolderItems(deps.db, {
    accountId: caller.accountId,
    folder,
    callerEmail: owner.email,
    fromDate: filter.fromDate ?? new Date(deps.now() - DEFAULT_FROM_DAYS * DAY_MS).toISOString(),
    ...(filter.toDate === undefined ? {} : { toDate: filter.toDate }),
    ...(filter.statuses === undefined ? {} : { statuses: filter.statuses }),
    ...(filter.searchText === undefined ? {} : { searchText: filter.searchText }),
    start: filter.start,
    count: filter.count,
  })
  const { start, count } = filter
  return {
    resultSetSize: String(envelopes.length),
    totalSetSize: String(total),
    startPosition: String(start),
    endPosition: String(start + Math.max(envelopes.length, 1) - 1),
    ...(start + envelopes.length < total ? { nextUri: pageUri(start + count) } : {}),
    ...(start > 0 ? { previousUri: pageUri(Math.max(0, start - count)) } : {}),
    folders: [
      {
        ...toFolder(folder, owner),
        folderItems: envelopes.map((envelope) => toFolderItem(envelope, folder)),
      },
    ],
  }
}

const unchanged = (state: Transition['envelope']): Transition => ({
  envelope: state,
  effects: { messages: [], audit: [], events: [] },
})

/**
 * `PUT /folders/{folderId}` with `envelopeIds`: moves each envelope there, one transaction each, in
 * the order given. Every id must name an envelope of the account (else 404, before anything moves).
 * `fromFolderId`, when given, must name a folder; DocuSign's clients send it, the move does not need it.
 */
export async function moveEnvelopes(
  deps: FolderDeps,
  caller: Caller,
  folderId: string,
  request: FoldersRequest,
): Promise<void> {
  const target = folderOrFail(folderId)
  if (request.fromFolderId !== undefined && request.fromFolderId !== '') folderOrFail(request.fromFolderId)
  const envelopeIds = [...new Set(request.envelopeIds.map((id) => id.trim()))]
  if (envelopeIds.some((id) => id === ''))
    throw new InvalidRequestError('envelopeIds must not be empty strings')
  const placements = await findPlacements(deps.db, caller.accountId, envelopeIds)
  const unknown = envelopeIds.filter((id) => !placements.has(id))
  if (unknown.length > 0) {
    throw new NotFoundError(`Envelope ${unknown.join(', ')} was not found in this account`, {
      errorCode: 'ENVELOPE_DOES_NOT_EXIST',
    })
  }
  const user = await findUser(deps.db, caller.userId)
  const actor: Actor = { source: 'API', userName: user?.name ?? caller.userId, userId: caller.userId }
  for (const envelopeId of envelopeIds) {
    const known = placements.get(envelopeId)
    const alreadyThere =
      known !== undefined &&
      placementAfterMove(known, known.status, target, new Date(deps.now())) === undefined &&
      !(target === 'recyclebin' && voidsWhenDeleted(known.status))
    // A repeated request writes nothing: the envelope's version and modification time stay.
    if (alreadyThere) continue
    await applyTransition(
      deps,
      { envelopeId, accountId: caller.accountId },
      (stored, now) =>
        target === 'recyclebin' && voidsWhenDeleted(stored.state.status)
          ? voidEnvelope(stored.state, DELETED_VOID_REASON, now)
          : unchanged(stored.state),
      actor,
      async (tx, _stored, transition) => {
        const status = transition.envelope.status
        const at = deps.now()
        // Read after the compare-and-set: no other move can have slipped in since the state was loaded.
        const placement = placementAfterMove(
          await readPlacement(tx, envelopeId),
          status,
          target,
          new Date(at),
        )
        if (!placement) return
        await storePlacement(tx, envelopeId, placement)
        if (placement.audit) {
          const message =
            placement.audit === 'Deleted'
              ? 'The envelope was moved to the recycle bin.'
              : `The envelope was restored from the recycle bin to ${target}.`
          await recordAudit(
            tx,
            envelopeId,
            [{ action: placement.audit, envelopeStatus: status, message }],
            actor,
            at,
          )
        }
      },
    )
  }
}
