/** Row types of bulk send (migration 0024). Conventions: see identity/tables.ts. */

export interface BulkSendListsTable {
  id: string
  account_id: string
  name: string
  /** JSON array of `BulkSendingCopy`, as validated. */
  copies: string
  created_by_user_id: string
  created_at: string
  updated_at: string
}

export interface BulkSendBatchesTable {
  id: string
  account_id: string
  name: string
  list_id: string
  template_id: string
  sender_user_id: string
  /** Whether the sender could see every template of the account when it sent (administer). */
  sees_all_templates: number
  size: number
  submitted_at: string
  /** Epoch ms when the job should next work on the batch; null once no copy is queued. */
  due_at: number | null
}

export interface BulkSendCopiesTable {
  batch_id: string
  copy_index: number
  /** JSON `BulkSendingCopy`. */
  copy: string
  /** `queued`, `sent` or `failed`. */
  status: string
  envelope_id: string | null
  /** Why the copy failed (its envelope was refused). */
  error: string | null
  finished_at: string | null
}

export interface BulkSendTables {
  bulk_send_lists: BulkSendListsTable
  bulk_send_batches: BulkSendBatchesTable
  bulk_send_copies: BulkSendCopiesTable
}
