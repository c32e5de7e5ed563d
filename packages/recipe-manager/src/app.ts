import {
  type App,
  connectDatabase,
  createApp,
  migrateToLatest,
  parseTrustProxy,
  registerDocs,
  writersOf,
} from 'platform'
import { createReadCache } from './cache.js'
import { BODY_LIMIT_BYTES, type RecipeManagerConfig } from './config.js'
import type { ServiceContext } from './context.js'
import type { Schema } from './database.js'
import { seedDemoData } from './demo/seed.js'
import { renderRecipeError } from './errors.js'
import { importRoutes } from './imports/routes.js'
import { migrations } from './migrations/index.js'
import { recipeImageRoutes } from './recipes/images/routes.js'
import { groupedRecipeInserts } from './recipes/repository.js'
import { recipeRoutes } from './recipes/routes.js'
import { recipeTaggingRoutes } from './recipes/tagging/routes.js'
import { rejectNonDecimalIds } from './schemas.js'
import { tagRoutes } from './tags/routes.js'
import { appAtRoot, webApp } from './web/static.js'

export interface BuildOptions {
  /** Defaults to the configured LOG_LEVEL; tests pass false. */
  logLevel?: string | false
  /** Injectable clock for tests. */
  now?: () => number
  /** The built web app's folder; defaults to dist/web. */
  webDirectory?: string
}

/** Builds the recipe manager: database (migrated, demo data when enabled), context and routes. Caller listens. */
export async function buildApp(
  config: RecipeManagerConfig,
  options: BuildOptions = {},
): Promise<{ app: App; ctx: ServiceContext }> {
  const database = connectDatabase<Schema>(config.DATABASE_URL)
  try {
    await migrateToLatest(database, migrations)
  } catch (error) {
    await database.close()
    throw error
  }
  const ctx: ServiceContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    reader: database.reader(),
    // Exact only while this process is the database's one writer (`WRITERS=single`).
    reads: createReadCache(writersOf(config) === 'single' ? undefined : { maxEntries: 0, maxBytes: 0 }),
    insertRecipe: groupedRecipeInserts(database.db),
    now: options.now ?? Date.now,
  }

  const app = createApp({
    logLevel: options.logLevel ?? config.LOG_LEVEL,
    logFormat: config.LOG_FORMAT,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    renderError: renderRecipeError,
  })
  app.addHook('onClose', () => database.close())
  // Fastify also parses text/plain; this API speaks JSON only, so any other body type is 415.
  app.removeContentTypeParser('text/plain')

  appAtRoot(app)
  await registerDocs(app, {
    title: 'Recipe Manager API',
    version: '0.1.0',
    description:
      'Recipes and tags for local or private use: create, read, replace and delete recipes, search them ' +
      'by title, description or ingredient, and tag them. No authentication in this version.',
    routePrefix: '/docs',
  })
  await webApp(app, options.webDirectory)
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }))
  await app.register(
    async (scope) => {
      scope.addHook('preValidation', rejectNonDecimalIds)
      await recipeRoutes(scope as App, ctx)
      await tagRoutes(scope as App, ctx)
      await recipeTaggingRoutes(scope as App, ctx)
      await scope.register(async (imports) => importRoutes(imports as App, ctx))
      await scope.register(async (images) => recipeImageRoutes(images as App, ctx))
    },
    { prefix: '/api' },
  )
  if (config.SEED_DEMO_DATA) await seedDemoData(ctx)
  return { app, ctx }
}
