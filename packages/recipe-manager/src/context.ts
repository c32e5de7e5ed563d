import type { DialectName, SqliteReader } from 'platform'
import type { ReadCache } from './cache.js'
import type { RecipeManagerConfig } from './config.js'
import type { Db } from './database.js'
import type { RecipeDraft, RecipeRecord } from './recipes/repository.js'

/** What route plugins and services need, built once per process in app.ts and passed explicitly. */
export interface ServiceContext {
  config: RecipeManagerConfig
  db: Db
  dialect: DialectName
  /**
   * Get by id's fast path on SQLite: a second, read-only connection read synchronously, outside Kysely's
   * per-query lock and promise chain (platform's `SqliteReader`; recipe-manager BENCHMARKS.md, "Get by
   * id on a reader connection"). Undefined on PostgreSQL and in memory, where reads go through `db`.
   */
  reader: SqliteReader | undefined
  /** Inserts an untagged recipe, sharing a commit with concurrent inserts (see platform's group-commit.ts). */
  insertRecipe: (draft: RecipeDraft, now: string) => Promise<RecipeRecord>
  /** Search totals and list responses, dropped by every write (see cache.ts). */
  reads: ReadCache
  /** Injectable clock (epoch ms) so tests can control timestamps. */
  now: () => number
}

export const isoNow = (ctx: ServiceContext) => new Date(ctx.now()).toISOString()
