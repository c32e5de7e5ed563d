import { join } from 'node:path'
import { Type } from '@sinclair/typebox'
import { BaseServiceConfig, loadConfig, WritersConfig } from 'platform'

export const RecipeManagerConfig = Type.Composite([
  BaseServiceConfig,
  WritersConfig,
  Type.Object({
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
    /** Inserts a handful of example recipes and tags the first time the service meets an empty database. */
    SEED_DEMO_DATA: Type.Boolean({ default: true }),
    /** Lets an import fetch pages on loopback and private addresses (tests, a home network); off by default. */
    IMPORT_ALLOW_PRIVATE_URLS: Type.Boolean({ default: false }),
  }),
])

export type RecipeManagerConfig = ReturnType<typeof loadRecipeManagerConfig>

export function loadRecipeManagerConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(RecipeManagerConfig, env, (dataDir) => ({
    DATABASE_URL: `sqlite:${join(dataDir, 'recipes.db')}`,
  }))
}

/** Largest accepted request body: 1 MiB. */
export const BODY_LIMIT_BYTES = 1024 * 1024
