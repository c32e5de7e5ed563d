import type { DbOrTx } from '../database.js'

/**
 * Records that a one-time action happened. True for the caller that recorded it first; false when it
 * was already recorded (also by a concurrent starter: the primary key decides).
 */
export async function claimOnce(db: DbOrTx, key: string, value: string): Promise<boolean> {
  const inserted = await db
    .insertInto('service_state')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returning('key')
    .executeTakeFirst()
  return inserted !== undefined
}
