import { readFileSync } from 'node:fs'
import {
  type App,
  connectDatabase,
  createApp,
  createJobRunner,
  createPostgresNotifier,
  type Database,
  httpLimitsOf,
  installLenientBodies,
  migrateToLatest,
  parseTrustProxy,
  registerDocs,
  writersOf,
} from 'platform'
import { accountRoutes } from './account-routes.js'
import { bulkSendJob } from './bulk-send/job.js'
import { loadConfiguredSeal } from './completion/config.js'
import { COMPLETION_JOB, runCompletionRound } from './completion/outbox-job.js'
import type { Seal } from './completion/seal.js'
import type { EnvelopeServiceConfig } from './config.js'
import { CONNECT_FAN_OUT_JOB } from './connect/delivery/fan-out.js'
import { defineConnectDelivery } from './connect/delivery/jobs.js'
import { prometheusMetricsRoute } from './connect/delivery/metrics/prometheus.js'
import type { ServiceContext } from './context.js'
import type { Schema } from './database.js'
import { devMailboxRoutes } from './devmailbox/routes.js'
import { mailboxWriter } from './devmailbox/service.js'
import { blobSweepJob } from './documents/blobs/sweep-job.js'
import { createDocumentConverter } from './documents/conversion/converter.js'
import { chooseSandbox } from './documents/conversion/sandbox.js'
import { createAnchorPlacementCache } from './documents/pdf-text/placement-cache.js'
import { groupCommitEnvelopeWriter } from './envelope-api/writer.js'
import { createTemplateUseMemo } from './envelopes/template-use.js'
import { recycleBinPurgeJob } from './folders/purge-job.js'
import { createMembershipLookup } from './identity/memberships.js'
import { identityRoutes } from './identity/routes.js'
import { createTokenVerifier, expiredTokenSweepJob } from './identity/tokens/service.js'
import { sequentialIds } from './ids.js'
import { runWorkflowRound, WORKFLOW_CHECK_INTERVAL_MS, WORKFLOW_JOB } from './lifecycle/resume/job.js'
import { runScheduleRound, SCHEDULE_JOB } from './lifecycle/schedule-job.js'
import { migrations } from './migrations/index.js'
import { deliverySettingsOf } from './notifications/config.js'
import { createDelivery } from './notifications/dispatch.js'
import { createDevMailbox } from './notifications/mailbox.js'
import { MESSAGES_JOB, messagesJobRun } from './notifications/outbox-job.js'
import { OUTBOX_TOPICS } from './outbox/topics.js'
import { createOutboxWaker } from './outbox/wake.js'
import { counterPruneJob, createCallCounter } from './ratelimit/limiter.js'
import { renderRestError } from './rest/errors.js'
import { senderApp } from './sender-app/page.js'
import { signingPage } from './signing/page.js'
import { signingRoutes } from './signing/routes.js'
import { createTemplateCache } from './templates/cache.js'

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
  // First: CONVERSION_SANDBOX=bwrap without a working bwrap stops start-up before anything opens.
  const conversionSandbox = await chooseSandbox(config.CONVERSION_SANDBOX)
  const database: Database<Schema> = connectDatabase<Schema>(config.DATABASE_URL)
  await migrateToLatest(database, migrations)
  const https =
    config.TLS_CERT_FILE && config.TLS_KEY_FILE
      ? { cert: readFileSync(config.TLS_CERT_FILE), key: readFileSync(config.TLS_KEY_FILE) }
      : undefined
  const writers = writersOf(config)
  const now = options.now ?? Date.now
  const publicUrl = config.PUBLIC_URL ?? defaultPublicUrl(config, https !== undefined)
  const delivery = createDelivery(
    deliverySettingsOf(config),
    config.DEV_MAILBOX ? createDevMailbox(mailboxWriter(database.db), () => new Date(now())) : undefined,
  )
  let seal: Promise<Seal> | undefined
  /** Which job drains each outbox topic. */
  const jobOfTopic: Record<string, string> = {
    [OUTBOX_TOPICS.recipientMessage]: MESSAGES_JOB,
    [OUTBOX_TOPICS.composedMessage]: MESSAGES_JOB,
    [OUTBOX_TOPICS.envelopeComplete]: COMPLETION_JOB,
    [OUTBOX_TOPICS.envelopeEvent]: CONNECT_FAN_OUT_JOB,
  }
  const ctx: ServiceContext = {
    config,
    database,
    db: database.db,
    tokens: createTokenVerifier(database.db),
    memberships: createMembershipLookup(database.db),
    // The templates' last use is skipped where this process committed it within the second.
    envelopeWriter: groupCommitEnvelopeWriter(database.db, createTemplateUseMemo()),
    writers,
    templateCache: createTemplateCache(writers),
    anchorPlacements: createAnchorPlacementCache(),
    documentConverter: createDocumentConverter({
      workers: config.CONVERSION_WORKERS,
      maxWaiting: config.CONVERSION_MAX_WAITING,
      timeoutMs: config.CONVERSION_TIMEOUT_MS,
      sofficeCommand: config.SOFFICE_PATH,
      sandbox: conversionSandbox.sandbox,
      pool: config.CONVERSION_POOL,
      python: config.CONVERSION_PYTHON,
      restartAfter: config.CONVERSION_RESTART_AFTER,
      log: {
        info: (fields, message) => app.log.info(fields, message),
        warn: (fields, message) => app.log.warn(fields, message),
      },
    }),
    callCounter: createCallCounter(database.db, writers, (error) =>
      app.log.error({ err: error }, 'storing rate-limit counts failed; retrying'),
    ),
    jobs: createJobRunner({
      db: database.db,
      dialect: database.dialect,
      now,
      pollMs: config.JOB_POLL_MS,
      onError: (error, job) => app.log.error({ err: error, job }, 'background job failed'),
      // Another process's commit (an outbox row, a Connect retry) wakes this one's jobs at once.
      ...(database.dialect === 'postgres'
        ? {
            notifier: createPostgresNotifier({
              url: config.DATABASE_URL,
              db: database.db,
              onError: (error) => app.log.warn({ err: error }, 'job wake-up listener failed; reconnecting'),
            }),
          }
        : {}),
    }),
    seal: () => {
      seal ??= loadConfiguredSeal(config, { file: config.SEAL_DEVELOPMENT_FILE, password: '' })
      return seal
    },
    wakeOutbox: createOutboxWaker({
      wake: (job) => ctx.jobs.wake(job),
      jobOfTopic,
      minIntervalMs: config.OUTBOX_WAKE_INTERVAL_MS,
      onError: (error, job) => app.log.error({ err: error, job }, 'waking a job failed'),
    }),
    wakeWorkflow: () => {
      // Not awaited by the transition that asks: the job's regular round is the fallback.
      ctx.jobs
        .wake(WORKFLOW_JOB)
        .catch((error: unknown) => app.log.error({ err: error, job: WORKFLOW_JOB }, 'waking a job failed'))
    },
    publicUrl,
    signingOrigin: config.SIGNING_URL ?? publicUrl,
    now,
    sequentialId: sequentialIds(),
  }

  const app = createApp({
    logLevel: options.logLevel ?? config.LOG_LEVEL,
    logFormat: config.LOG_FORMAT,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    limits: httpLimitsOf(config),
    renderError: renderRestError,
    ...(https ? { https } : {}),
  })
  app.addHook('onClose', () => database.close())
  if (conversionSandbox.warning) app.log.warn(conversionSandbox.warning)
  // Before any route: every body is read as DocuSign reads it (enum case, PascalCase names, numbers for
  // strings, null for absent); `sequence` stays strict because the contract requires it as a string.
  installLenientBodies(app, { strictStrings: ['sequence'] })
  app.addHook('onClose', () => ctx.documentConverter.close())
  ctx.jobs.define(
    blobSweepJob(database.db, {
      everyMs: config.BLOB_SWEEP_INTERVAL_MS,
      onSwept: (deleted) => {
        if (deleted > 0) app.log.info({ deleted }, 'deleted unreferenced document blobs')
      },
    }),
  )
  ctx.jobs.define(expiredTokenSweepJob(database.db))
  ctx.jobs.define(
    recycleBinPurgeJob(database.db, {
      retentionMs: config.RECYCLE_BIN_RETENTION_DAYS * 24 * 60 * 60_000,
      everyMs: config.RECYCLE_BIN_PURGE_INTERVAL_MS,
      // The audit trail goes with a purged envelope, so this log line is what remains of it.
      onPurged: (purged, blobsDeleted) =>
        app.log.info({ envelopes: purged.envelopes, blobsDeleted }, 'purged envelopes from the recycle bin'),
    }),
  )
  ctx.jobs.define(counterPruneJob(database.db))
  // Woken by each bulk send; every second it also takes up batches a rate limit or a crash left waiting.
  ctx.jobs.define(bulkSendJob(ctx))
  const outboxOwner = `${process.pid}:${Math.random().toString(36).slice(2, 10)}`
  // The outbox jobs also run every second, for retries that come due; a commit wakes them at once.
  ctx.jobs.define({
    name: MESSAGES_JOB,
    everyMs: 1_000,
    run: messagesJobRun({
      db: database.db,
      dialect: database.dialect,
      now,
      publicUrl: ctx.signingOrigin,
      dispatch: delivery.dispatch,
      canDeliver: delivery.canDeliver,
      owner: outboxOwner,
      giveUpAfterMs: config.MESSAGE_GIVE_UP_HOURS * 60 * 60_000,
    }),
  })
  ctx.jobs.define({
    name: COMPLETION_JOB,
    everyMs: 1_000,
    run: async () =>
      runCompletionRound({
        db: database.db,
        dialect: database.dialect,
        now,
        owner: outboxOwner,
        seal: await ctx.seal(),
        publicUrl: ctx.publicUrl,
        wakeOutbox: ctx.wakeOutbox,
        anchorPlacements: ctx.anchorPlacements,
      }),
  })
  ctx.jobs.define({
    name: SCHEDULE_JOB,
    everyMs: config.LIFECYCLE_CHECK_INTERVAL_MS,
    run: async () => {
      await runScheduleRound(ctx)
    },
  })
  ctx.jobs.define({
    name: WORKFLOW_JOB,
    everyMs: WORKFLOW_CHECK_INTERVAL_MS,
    run: async () => {
      await runWorkflowRound(ctx)
    },
  })
  const connectDelivery = defineConnectDelivery(ctx, {
    owner: outboxOwner,
    onError: (error, job) => app.log.error({ err: error, job }, 'Connect delivery failed'),
  })
  app.addHook('onClose', () => delivery.close())
  if (!config.SEAL_P12_FILE) {
    app.log.warn(
      { sealFile: config.SEAL_DEVELOPMENT_FILE },
      'SEAL_P12_FILE is not set: completed envelopes are sealed with a self-signed development seal',
    )
  }
  app.addHook('onClose', () => connectDelivery.close())
  // onClose hooks run last-registered first: running jobs finish and counted calls are stored, then
  // the database closes.
  app.addHook('onClose', () => ctx.callCounter.close())
  app.addHook('onClose', () => ctx.jobs.stop())
  // On ready, so that jobs defined while the routes register run too.
  app.addHook('onReady', () => ctx.jobs.start())

  await registerDocs(app, {
    title: 'Inkwell eSignature REST API',
    version: '2.1',
    description:
      'A self-hosted, DocuSign eSignature REST API v2.1 compatible subset: identity (JWT bearer and ' +
      'authorization code grants, users, the console view), ' +
      'templates, composite-template envelopes and Connect configurations.\n\n' +
      "To try it here, get a one-hour access token from the server's command line with " +
      '`npm run -s admin -w envelope-service -- token --json`, choose Authorize, paste the `access_token`, ' +
      'and use the printed `accountId` in the paths. With curl: ' +
      '`curl -H "Authorization: Bearer <access_token>" <baseUri>/v2.1/accounts/<accountId>/templates`.',
    routePrefix: '/restapi/docs',
    servers: [{ url: ctx.publicUrl }],
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
  })
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }))
  await app.register(async (scope) => prometheusMetricsRoute(scope as App, ctx, connectDelivery.counters))
  await app.register(async (scope) => identityRoutes(scope as App, ctx))
  await app.register(async (scope) => signingRoutes(scope as App, ctx))
  await signingPage(app)
  await senderApp(app)
  if (config.DEV_MAILBOX) await app.register(async (scope) => devMailboxRoutes(scope as App, ctx))
  await app.register(async (scope) => accountRoutes(scope as App, ctx), {
    prefix: '/restapi/v2.1/accounts/:accountId',
  })
  return { app, ctx }
}

function defaultPublicUrl(config: EnvelopeServiceConfig, tls: boolean): string {
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST
  return `${tls ? 'https' : 'http'}://${host}:${config.PORT}`
}
