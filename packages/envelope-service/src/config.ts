import { join } from 'node:path'
import { Type } from '@sinclair/typebox'
import { BaseServiceConfig, loadConfig, WritersConfig } from 'platform'
import { SealConfig } from './completion/config.js'
import { MailboxConfig } from './devmailbox/config.js'
import { ConversionConfig } from './documents/conversion/config.js'
import { NotificationConfig } from './notifications/config.js'
import { RecipientAuthConfig } from './signing/auth/config.js'

export const EnvelopeServiceConfig = Type.Composite([
  BaseServiceConfig,
  WritersConfig,
  NotificationConfig,
  SealConfig,
  ConversionConfig,
  RecipientAuthConfig,
  MailboxConfig,
  Type.Object({
    /**
     * Keep messages for a channel with no transport (no SMTP_URL, no SMS provider) in a development
     * mailbox shown at /dev/mailbox, instead of leaving them queued. `npm start` turns it on.
     */
    DEV_MAILBOX: Type.Boolean({ default: false }),
    /**
     * The development seal used when SEAL_P12_FILE is not set: a self-signed certificate created here on
     * first use. Fine for trying the service; production sets SEAL_P12_FILE.
     */
    SEAL_DEVELOPMENT_FILE: Type.String({ minLength: 1 }),
    /** How long a message that cannot be delivered is retried before it is recorded as failed. */
    MESSAGE_GIVE_UP_HOURS: Type.Number({ exclusiveMinimum: 0, maximum: 24 * 30, default: 24 }),
    /** How often envelopes in progress are checked for due reminders, expiry warnings and expiry. */
    LIFECYCLE_CHECK_INTERVAL_MS: Type.Integer({ minimum: 1_000, default: 60_000 }),
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8443 }),
    /** Public origin, e.g. https://localhost:8443. The JWT audience and userinfo base_uri derive from it. */
    PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
    /**
     * Origin of the links people open in a browser (signing links in invitations, recipient views);
     * default PUBLIC_URL. `npm start` sets the plain-HTTP browser origin, which browsers need no CA for.
     */
    SIGNING_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
    /** Extra accepted JWT audiences besides PUBLIC_URL's host: comma-separated bare `host[:port]`s. */
    IDENTITY_HOSTS: Type.Optional(Type.String()),
    /** Where `admin bootstrap` keeps the demo credentials (the private key cannot be recovered from the DB). */
    DEMO_CREDENTIALS_FILE: Type.String({ minLength: 1 }),
    TLS_CERT_FILE: Type.Optional(Type.String({ minLength: 1 })),
    TLS_KEY_FILE: Type.Optional(Type.String({ minLength: 1 })),
    /**
     * With TLS: also serve plain HTTP on 127.0.0.1 at this port, so a browser on this machine opens the
     * docs without a warning about the development certificate. Loopback only: tokens never cross a network
     * in clear text.
     */
    HTTP_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
    /** Largest request body; envelopes carry base64 PDFs. */
    BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 25 * 1024 * 1024 }),
    /** Lets Connect configurations publish to private, loopback and link-local addresses (development). */
    CONNECT_ALLOW_PRIVATE_URLS: Type.Boolean({ default: false }),
    /** One Connect delivery attempt, connecting and the whole response, must finish within this. */
    CONNECT_DELIVERY_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 10_000 }),
    /**
     * How often each process looks for due background jobs. Wakes (a commit's outbox rows, in this
     * process and, on PostgreSQL, through LISTEN/NOTIFY in the others) do not wait for it.
     */
    JOB_POLL_MS: Type.Integer({ minimum: 10, maximum: 3_600_000, default: 1_000 }),
    /**
     * Least time between two wakes of an outbox job (messages, Connect): the first commit after a quiet
     * spell wakes its job at once, the commits within this interval share one wake at its end, so under
     * load a job round takes many commits' messages. 0 wakes on every commit. See BENCHMARKS.md.
     */
    OUTBOX_WAKE_INTERVAL_MS: Type.Integer({ minimum: 0, maximum: 1_000, default: 25 }),
    /**
     * Lets any client read `GET /metrics` (Prometheus text) with `Authorization: Bearer <token>`; unset,
     * only clients on the loopback interface may.
     */
    METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
    /** How long a Connect delivery that receives no 2xx is retried before it is recorded as a failure. */
    CONNECT_RETRY_HOURS: Type.Number({ exclusiveMinimum: 0, maximum: 24 * 30, default: 24 }),
    /**
     * How often document blobs that no template or envelope refers to any more (e.g. the documents a
     * template update replaced) are deleted, once an hour has passed since they were last stored.
     */
    BLOB_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 1_000, default: 60 * 60_000 }),
    /**
     * How long a deleted envelope stays in the recycle bin, restorable, before it is purged with its
     * documents (DocuSign keeps them a day in the web app; integrations that undelete want longer).
     */
    RECYCLE_BIN_RETENTION_DAYS: Type.Number({ minimum: 0, maximum: 3650, default: 30 }),
    /** How often envelopes past the recycle-bin retention are looked for and purged. */
    RECYCLE_BIN_PURGE_INTERVAL_MS: Type.Integer({ minimum: 1_000, default: 60 * 60_000 }),
  }),
])

export type EnvelopeServiceConfig = ReturnType<typeof loadEnvelopeServiceConfig>

export function loadEnvelopeServiceConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(EnvelopeServiceConfig, env, (dataDir) => ({
    DATABASE_URL: `sqlite:${join(dataDir, 'envelopes.db')}`,
    DEMO_CREDENTIALS_FILE: join(dataDir, 'demo-credentials.json'),
    SEAL_DEVELOPMENT_FILE: join(dataDir, 'seal', 'development.p12'),
  }))
}
