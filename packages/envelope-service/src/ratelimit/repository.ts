import type { DbOrTx } from '../database.js'
import type { RateLimitWindowKind } from './tables.js'
import type { WindowCounts } from './windows.js'

/**
 * Counts `calls` calls in both windows with a single atomic upsert and returns the new totals.
 * Concurrent callers (several processes on one PostgreSQL) never see the same total: the row lock of
 * `on conflict do update` serializes the increments.
 */
export async function countCalls(
  db: DbOrTx,
  accountId: string,
  windows: { hourStart: number; burstStart: number },
  calls: number,
): Promise<WindowCounts> {
  const rows = await db
    .insertInto('rate_limit_counters')
    .values([
      { account_id: accountId, window_kind: 'hour', window_start: windows.hourStart, count: calls },
      { account_id: accountId, window_kind: 'burst', window_start: windows.burstStart, count: calls },
    ])
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'window_kind', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('rate_limit_counters.count', '+', calls) })),
    )
    .returning(['window_kind', 'count'])
    .execute()
  const countOf = (kind: 'hour' | 'burst') => Number(rows.find((row) => row.window_kind === kind)?.count ?? 0)
  return { hour: countOf('hour'), burst: countOf('burst') }
}

/** The stored count of one window, 0 when nothing was counted in it yet. */
export async function findCount(
  db: DbOrTx,
  accountId: string,
  kind: RateLimitWindowKind,
  windowStart: number,
): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_counters')
    .select('count')
    .where('account_id', '=', accountId)
    .where('window_kind', '=', kind)
    .where('window_start', '=', windowStart)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

export interface CountDelta {
  accountId: string
  kind: RateLimitWindowKind
  windowStart: number
  calls: number
}

/**
 * Adds calls counted elsewhere to their windows with one atomic `count = count + calls` upsert, so it
 * composes with other writers' increments. The windows must be distinct (PostgreSQL refuses to update
 * one row twice in a statement).
 */
export async function addCounts(db: DbOrTx, deltas: CountDelta[]): Promise<void> {
  if (deltas.length === 0) return
  await db
    .insertInto('rate_limit_counters')
    .values(
      deltas.map((delta) => ({
        account_id: delta.accountId,
        window_kind: delta.kind,
        window_start: delta.windowStart,
        count: delta.calls,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'window_kind', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('rate_limit_counters.count', '+', eb.ref('excluded.count')) })),
    )
    .execute()
}

/** Deletes counters of windows that started before `before` (epoch ms). */
export async function pruneCounters(db: DbOrTx, before: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_counters')
    .where('window_start', '<', before)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
