import type { EnvelopeStatus } from 'esign-contract'

/**
 * The folder rules, pure. An account shows DocuSign's four system folders. An envelope nobody moved
 * sits where its status puts it (drafts in `draft`, everything else in `sentitems`) and also in the
 * `inbox` of a member it is addressed to; a client's move is stored only when it differs from that.
 * Deleting is a move to `recyclebin`: it voids an envelope in flight, and starts the purge clock.
 * Restoring is a move out of it, to any other folder.
 */

export const SYSTEM_FOLDERS = ['draft', 'inbox', 'recyclebin', 'sentitems'] as const
export type SystemFolder = (typeof SYSTEM_FOLDERS)[number]

/** The names DocuSign's web app shows; `GET /folders` lists them in this (alphabetical) order. */
export const FOLDER_NAMES: Record<SystemFolder, string> = {
  draft: 'Draft',
  inbox: 'Inbox',
  recyclebin: 'Deleted Items',
  sentitems: 'Sent Items',
}

/** The void reason of an envelope in flight that is deleted (DocuSign asks the web user for one). */
export const DELETED_VOID_REASON = 'The sender deleted the envelope.'

/**
 * A `{folderId}` as clients write it: the folder type DocuSign accepts as an alias (`recyclebin`,
 * `sentitems`), in any case. This service's folder ids are those types, so what `GET /folders` returns
 * works too. Undefined for anything else.
 */
export function parseFolderId(value: string): SystemFolder | undefined {
  const folder = value.trim().toLowerCase()
  return (SYSTEM_FOLDERS as readonly string[]).includes(folder) ? (folder as SystemFolder) : undefined
}

/** Where an envelope nobody moved sits. */
export const impliedFolder = (status: EnvelopeStatus): 'draft' | 'sentitems' =>
  status === 'created' ? 'draft' : 'sentitems'

/** Only envelopes in flight are voided when deleted (DocuSign voids just `sent` and `delivered`). */
export const voidsWhenDeleted = (status: EnvelopeStatus) => status === 'sent' || status === 'delivered'

export interface StoredPlacement {
  folder: SystemFolder | null
  /** ISO 8601, set while the envelope is in the recycle bin. */
  deletedAt: string | null
}

export interface Placement extends StoredPlacement {
  /** What the audit trail records of the move; moves between the other folders are not audited. */
  audit?: 'Deleted' | 'Restored'
}

/**
 * Where a move to `target` leaves the envelope, given its status after the move (a deleted envelope
 * in flight is voided first) and where it was; undefined when it is already there. The implied folder
 * is stored as null, so that a draft restored to `draft` follows its status again once sent.
 */
export function placementAfterMove(
  current: StoredPlacement,
  status: EnvelopeStatus,
  target: SystemFolder,
  now: Date,
): Placement | undefined {
  const wasDeleted = current.folder === 'recyclebin'
  if (target === 'recyclebin') {
    if (wasDeleted) return undefined
    return { folder: 'recyclebin', deletedAt: now.toISOString(), audit: 'Deleted' }
  }
  const folder = target === impliedFolder(status) ? null : target
  if (!wasDeleted && folder === current.folder) return undefined
  return { folder, deletedAt: null, ...(wasDeleted ? { audit: 'Restored' as const } : {}) }
}
