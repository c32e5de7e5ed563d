import type { DbOrTx } from '../database.js'
import type { EditLock, LockedResource } from './model.js'
import type { EditLocksTable } from './tables.js'

const toLock = (row: EditLocksTable): EditLock => ({
  resourceType: row.resource_type as LockedResource,
  resourceId: row.resource_id,
  accountId: row.account_id,
  userId: row.user_id,
  lockToken: row.lock_token,
  lockedByApp: row.locked_by_app,
  durationSeconds: row.duration_seconds,
  lockedUntil: Date.parse(row.locked_until),
})

const toRow = (lock: EditLock): EditLocksTable => ({
  resource_type: lock.resourceType,
  resource_id: lock.resourceId,
  account_id: lock.accountId,
  user_id: lock.userId,
  lock_token: lock.lockToken,
  locked_by_app: lock.lockedByApp,
  duration_seconds: lock.durationSeconds,
  locked_until: new Date(lock.lockedUntil).toISOString(),
})

export async function findLock(
  db: DbOrTx,
  resourceType: LockedResource,
  resourceId: string,
): Promise<EditLock | undefined> {
  const row = await db
    .selectFrom('edit_locks')
    .selectAll()
    .where('resource_type', '=', resourceType)
    .where('resource_id', '=', resourceId)
    .executeTakeFirst()
  return row && toLock(row)
}

/**
 * Takes the lock unless a lock that has not expired by `now` holds the resource: one statement, so two
 * requests racing for a free (or expired) lock never both win. True when this lock was stored.
 */
export async function claimLock(db: DbOrTx, lock: EditLock, now: number): Promise<boolean> {
  const row = toRow(lock)
  const claimed = await db
    .insertInto('edit_locks')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['resource_type', 'resource_id'])
        .doUpdateSet(row)
        .where('edit_locks.locked_until', '<=', new Date(now).toISOString()),
    )
    .returning('lock_token')
    .executeTakeFirst()
  return claimed !== undefined
}

/** Stores a renewed lock if its token still holds the resource. */
export async function renewLock(db: DbOrTx, lock: EditLock): Promise<boolean> {
  const updated = await db
    .updateTable('edit_locks')
    .set({
      locked_by_app: lock.lockedByApp,
      duration_seconds: lock.durationSeconds,
      locked_until: new Date(lock.lockedUntil).toISOString(),
    })
    .where('resource_type', '=', lock.resourceType)
    .where('resource_id', '=', lock.resourceId)
    .where('lock_token', '=', lock.lockToken)
    .returning('lock_token')
    .executeTakeFirst()
  return updated !== undefined
}

export async function deleteLock(db: DbOrTx, lock: EditLock): Promise<void> {
  await db
    .deleteFrom('edit_locks')
    .where('resource_type', '=', lock.resourceType)
    .where('resource_id', '=', lock.resourceId)
    .where('lock_token', '=', lock.lockToken)
    .execute()
}
