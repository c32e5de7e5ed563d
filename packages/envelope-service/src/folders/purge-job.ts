import type { JobDefinition } from 'platform'
import type { DbOrTx } from '../database.js'
import { BLOB_GRACE_MS, deleteUnreferencedBlobs } from '../documents/blobs/repository.js'
import { envelopesDueForPurge, type PurgedEnvelopes, purgeEnvelopes } from './repository.js'

export const RECYCLE_BIN_PURGE_JOB = 'recycle-bin-purge'

/** Envelopes purged per transaction; a full batch makes the job due again at once. */
export const PURGE_BATCH = 100

export interface PurgeOptions {
  /** How long an envelope stays in the recycle bin (RECYCLE_BIN_RETENTION_DAYS). */
  retentionMs: number
  everyMs: number
  /** Hears what each batch purged (the service logs it: the purge's only record). */
  onPurged?: (purged: PurgedEnvelopes, blobsDeleted: number) => void
}

/**
 * Purges envelopes that have been in the recycle bin longer than the retention: the envelope and all
 * that cascades from it, then its document blobs that nothing else refers to. A blob stored again
 * within the sweep's grace period (a create in progress may be about to refer to it) stays for the
 * blob sweep. Safe with several processes: the job runner leases the job to one of them, and the
 * delete re-checks each envelope is still in the bin, so a purge racing a restore loses.
 */
export function recycleBinPurgeJob(db: DbOrTx, options: PurgeOptions): JobDefinition {
  return {
    name: RECYCLE_BIN_PURGE_JOB,
    everyMs: options.everyMs,
    run: async (now) => {
      const deletedBefore = new Date(now - options.retentionMs).toISOString()
      const due = await envelopesDueForPurge(db, deletedBefore, PURGE_BATCH)
      if (due.length === 0) return false
      const purged = await purgeEnvelopes(db, due, deletedBefore)
      const blobsDeleted = await deleteUnreferencedBlobs(db, now - BLOB_GRACE_MS, purged.blobIds)
      options.onPurged?.(purged, blobsDeleted)
      return due.length === PURGE_BATCH
    },
  }
}
