import fastifyCookie from '@fastify/cookie'
import { type App, createApp, parseTrustProxy } from 'platform'
import { ensureDemoData } from '../cases/demo-data.js'
import { type CaseStore, openCaseStore } from '../cases/store.js'
import type { EsignClientOptions } from '../client/client.js'
import { registerCompletionListener } from '../listener/routes.js'
import { allowedHosts, installHostAndOriginChecks, installSessionReader, requireSession } from './access.js'
import { type ConsoleConfig, connectSecrets } from './config.js'
import { ensureDemoUser } from './demo-user.js'
import { renderConsoleError } from './errors.js'
import { configuredAccountId, esignConnection } from './esign-connection.js'
import { consoleApiRoutes } from './routes.js'
import { sessionRoutes } from './session-routes.js'
import { consoleWebApp } from './static.js'

export interface BuildConsoleOptions {
  /** Defaults to the configured LOG_LEVEL; tests pass false. */
  logLevel?: string | false
  /** Client options over those from the settings (tests: shorter time-outs). */
  esign?: Partial<EsignClientOptions>
  /** The built web app's folder; defaults to dist/console. */
  webDirectory?: string
  now?: () => number
}

/** 64 KiB: a send form or a Connect JSON SIM delivery of one envelope. */
const BODY_LIMIT_BYTES = 64 * 1024

/**
 * The console server: the case store (migrated, demo cases on first start), the JSON API under /api, the
 * completion listener that Connect posts to, and the web app. Caller listens.
 */
export async function buildConsoleApp(
  config: ConsoleConfig,
  options: BuildConsoleOptions = {},
): Promise<{ app: App; store: CaseStore }> {
  const store = await openCaseStore(config.DATABASE_URL)
  try {
    const app = await assemble(config, options, store)
    return { app, store }
  } catch (error) {
    await store.close()
    throw error
  }
}

async function assemble(config: ConsoleConfig, options: BuildConsoleOptions, store: CaseStore): Promise<App> {
  const now = options.now ?? Date.now
  if (config.SEED_DEMO_DATA) await ensureDemoData(store.db, new Date(now()).toISOString())
  const app = createApp({
    logLevel: options.logLevel ?? config.LOG_LEVEL,
    logFormat: config.LOG_FORMAT,
    bodyLimit: BODY_LIMIT_BYTES,
    // Behind a TLS proxy, the protocol it forwards decides whether the session cookie is Secure.
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    renderError: renderConsoleError,
  })
  app.addHook('onClose', () => store.close())
  if (config.CONSOLE_DEMO_USER_FILE) {
    const created = await ensureDemoUser(store.usersDb, config.CONSOLE_DEMO_USER_FILE, now())
    if (created) app.log.info({ file: config.CONSOLE_DEMO_USER_FILE }, 'created the demo console user')
  }
  const esign = esignConnection(config, options.esign)
  installHostAndOriginChecks(app, allowedHosts(app, config.CONSOLE_ALLOWED_HOSTS, config.PORT))
  await app.register(fastifyCookie)
  installSessionReader(app, store.usersDb, now)
  app.get('/healthz', async () => ({ status: 'ok' }))
  await app.register(
    async (api) => {
      await sessionRoutes(api as App, { db: store.usersDb, now })
      await api.register(async (signedIn) => {
        requireSession(signedIn as App)
        await consoleApiRoutes(signedIn as App, { store, esign })
      })
    },
    { prefix: '/api' },
  )
  await registerCompletionListener(app, {
    db: store.db,
    secrets: () => connectSecrets(config),
    accountId: () => configuredAccountId(esign),
    now,
  })
  await consoleWebApp(app, options.webDirectory)
  return app
}
