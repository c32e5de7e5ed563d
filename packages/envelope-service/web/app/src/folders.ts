import type { FolderKey, StatusKey } from './i18n.js'

/**
 * The dashboard's folders as DocuSign's `GET /envelopes` asks for them: a system folder (`folder_ids`)
 * and, for the views DocuSign's web app derives from it, the statuses that belong there.
 */
export interface FolderQuery {
  folderId: 'inbox' | 'sentitems' | 'draft' | 'recyclebin'
  statuses?: readonly StatusKey[]
}

export const FOLDERS: Record<FolderKey, FolderQuery> = {
  action: { folderId: 'inbox', statuses: ['sent', 'delivered'] },
  waiting: { folderId: 'sentitems', statuses: ['sent', 'delivered'] },
  completed: { folderId: 'sentitems', statuses: ['completed'] },
  sent: { folderId: 'sentitems' },
  drafts: { folderId: 'draft', statuses: ['created'] },
  deleted: { folderId: 'recyclebin' },
}

export const FOLDER_KEYS = Object.keys(FOLDERS) as FolderKey[]

export const ALL_STATUSES: readonly StatusKey[] = [
  'created',
  'sent',
  'delivered',
  'completed',
  'declined',
  'voided',
  'expired',
]

/** The statuses a person may filter a folder by: the folder's own, or every one. */
export const statusesOf = (folder: FolderKey): readonly StatusKey[] =>
  FOLDERS[folder].statuses ?? ALL_STATUSES

/** Envelopes changed since the beginning, unless the person picks a start date. */
const EARLIEST = '2000-01-01'

export interface ListFilters {
  folder: FolderKey
  status?: StatusKey
  search?: string
  /** `yyyy-mm-dd`, the person's own calendar day; both ends included. */
  fromDay?: string
  toDay?: string
  start: number
  count: number
}

/** Midnight of a calendar day in the browser's time zone, as an ISO instant. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString()

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00`)
  date.setDate(date.getDate() + 1)
  return date.toISOString()
}

/** The query string of `GET /envelopes` for a dashboard view, newest change first. */
export function listQuery(filters: ListFilters): string {
  const folder = FOLDERS[filters.folder]
  const statuses = filters.status ? [filters.status] : folder.statuses
  const params = new URLSearchParams({
    folder_ids: folder.folderId,
    from_date: filters.fromDay ? startOfDay(filters.fromDay) : EARLIEST,
    order: 'desc',
    order_by: 'status_changed',
    start_position: String(filters.start),
    count: String(filters.count),
  })
  if (statuses) params.set('status', statuses.join(','))
  if (filters.toDay) params.set('to_date', nextDay(filters.toDay))
  if (filters.search?.trim()) params.set('search_text', filters.search.trim())
  return params.toString()
}
