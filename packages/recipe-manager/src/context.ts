import type { DialectName } from 'platform'
import type { RecipeManagerConfig } from './config.js'
import type { Db } from './database.js'
import type { CountCache } from './recipes/search.js'

/** What route plugins and services need, built once per process in app.ts and passed explicitly. */
export interface ServiceContext {
  config: RecipeManagerConfig
  db: Db
  dialect: DialectName
  /** Cached search totals, invalidated by every recipe write. */
  counts: CountCache
  /** Injectable clock (epoch ms) so tests can control timestamps. */
  now: () => number
}

export const isoNow = (ctx: ServiceContext) => new Date(ctx.now()).toISOString()
