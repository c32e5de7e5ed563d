import { Type } from '@sinclair/typebox'
import { BaseServiceConfig, loadConfig } from 'platform'

export const RecipeManagerConfig = Type.Composite([
  BaseServiceConfig,
  Type.Object({
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
    DATABASE_URL: Type.String({
      pattern: '^(sqlite:|postgres(ql)?://)',
      default: 'sqlite:./data/recipes.db',
    }),
    /** Inserts a handful of example recipes and tags the first time the service meets an empty database. */
    SEED_DEMO_DATA: Type.Boolean({ default: true }),
    /**
     * The in-process read cache (search totals, list pages) is exact only while this process is the
     * database's one writer. `auto` turns it on for SQLite and off for PostgreSQL, the store for running
     * several instances; set `on` for a single-instance PostgreSQL deployment.
     */
    READ_CACHE: Type.Union([Type.Literal('auto'), Type.Literal('on'), Type.Literal('off')], {
      default: 'auto',
    }),
  }),
])

export type RecipeManagerConfig = ReturnType<typeof loadRecipeManagerConfig>

export function loadRecipeManagerConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(RecipeManagerConfig, env)
}

export function readCacheEnabled(config: RecipeManagerConfig): boolean {
  if (config.READ_CACHE === 'auto') return config.DATABASE_URL.startsWith('sqlite:')
  return config.READ_CACHE === 'on'
}

/** Largest accepted request body: 1 MiB. */
export const BODY_LIMIT_BYTES = 1024 * 1024
