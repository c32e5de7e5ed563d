import type { JobDefinition } from 'platform'
import type { DbOrTx } from '../../database.js'
import { BLOB_GRACE_MS, deleteUnreferencedBlobs } from './repository.js'

/**
 * The job deleting unreferenced blobs every `everyMs`, with the grace period. `onSwept` hears how many
 * went.
 */
export function blobSweepJob(
  db: DbOrTx,
  options: { everyMs: number; onSwept?: (deleted: number) => void },
): JobDefinition {
  return {
    name: 'blob-sweep',
    everyMs: options.everyMs,
    run: async (now) => {
      options.onSwept?.(await deleteUnreferencedBlobs(db, now - BLOB_GRACE_MS))
    },
  }
}
