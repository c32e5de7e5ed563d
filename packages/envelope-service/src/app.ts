import { readFileSync } from 'node:fs'
import { type App, connectDatabase, createApp, type Database, migrateToLatest, registerDocs } from 'platform'
import { type EnvelopeServiceConfig, templateCacheTrusted } from './config.js'
import type { ServiceContext } from './context.js'
import type { Schema } from './database.js'
import { startBlobSweeper } from './documents/blobs.js'
import { createTokenVerifier } from './identity/access-tokens.js'
import { createMembershipLookup } from './identity/memberships.js'
import { identityRoutes } from './identity/routes.js'
import { migrations } from './migrations/index.js'
import { accountRoutes } from './rest/account-routes.js'
import { renderRestError } from './rest/errors.js'
import { configureTemplateCache } from './templates/repository.js'

export interface BuildOptions {
  /** Defaults to the configured LOG_LEVEL; tests pass false. */
  logLevel?: string | false
  /** Injectable clock for tests. */
  now?: () => number
}

/** Builds the envelope service: database (migrated), context, and every route. Caller listens. */
export async function buildApp(
  config: EnvelopeServiceConfig,
  options: BuildOptions = {},
): Promise<{ app: App; ctx: ServiceContext }> {
  const database: Database<Schema> = connectDatabase<Schema>(config.DATABASE_URL)
  await migrateToLatest(database, migrations)
  configureTemplateCache(database.db, templateCacheTrusted(config) ? 'trusted' : 'verified')
  const https =
    config.TLS_CERT_FILE && config.TLS_KEY_FILE
      ? { cert: readFileSync(config.TLS_CERT_FILE), key: readFileSync(config.TLS_KEY_FILE) }
      : undefined
  const ctx: ServiceContext = {
    config,
    database,
    db: database.db,
    tokens: createTokenVerifier(database.db),
    memberships: createMembershipLookup(database.db),
    publicUrl: config.PUBLIC_URL ?? defaultPublicUrl(config, https !== undefined),
    now: options.now ?? Date.now,
  }

  const app = createApp({
    logLevel: options.logLevel ?? config.LOG_LEVEL,
    bodyLimit: config.BODY_LIMIT_BYTES,
    renderError: renderRestError,
    ...(https ? { https } : {}),
  })
  app.addHook('onClose', () => database.close())
  const blobSweeper = startBlobSweeper(database.db, {
    everyMs: config.BLOB_SWEEP_INTERVAL_MS,
    now: ctx.now,
    onSwept: (deleted) => {
      if (deleted > 0) app.log.info({ deleted }, 'deleted unreferenced document blobs')
    },
    onError: (error) => app.log.error({ err: error }, 'deleting unreferenced document blobs failed'),
  })
  // onClose hooks run last-registered first: the sweep stops before the database closes.
  app.addHook('onClose', () => blobSweeper.stop())

  await registerDocs(app, {
    title: 'Inkwell eSignature REST API',
    version: '2.1',
    description:
      'A self-hosted, DocuSign eSignature REST API v2.1 compatible subset: identity (JWT bearer grant), ' +
      'templates, composite-template envelopes and Connect configurations.',
    routePrefix: '/restapi/docs',
    servers: [{ url: ctx.publicUrl }],
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
  })
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }))
  await app.register(async (scope) => identityRoutes(scope as App, ctx))
  await app.register(async (scope) => accountRoutes(scope as App, ctx), {
    prefix: '/restapi/v2.1/accounts/:accountId',
  })
  return { app, ctx }
}

function defaultPublicUrl(config: EnvelopeServiceConfig, tls: boolean): string {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
  return `${tls ? 'https' : 'http'}://${host}:${config.PORT}`
}
