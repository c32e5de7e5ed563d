import { Type } from '@sinclair/typebox'
import { BaseServiceConfig, loadConfig } from 'platform'

export const PRODUCT_NAME = 'Inkwell'

export const EnvelopeServiceConfig = Type.Composite([
  BaseServiceConfig,
  Type.Object({
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8443 }),
    DATABASE_URL: Type.String({
      pattern: '^(sqlite:|postgres(ql)?://)',
      default: 'sqlite:./data/envelopes.db',
    }),
    /** Public origin, e.g. https://localhost:8443. The JWT audience and userinfo base_uri derive from it. */
    PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+$' })),
    /** Extra accepted JWT audiences besides PUBLIC_URL's host: comma-separated bare `host[:port]`s. */
    IDENTITY_HOSTS: Type.Optional(Type.String()),
    /** Where `admin bootstrap` keeps the demo credentials (the private key cannot be recovered from the DB). */
    DEMO_CREDENTIALS_FILE: Type.String({ minLength: 1, default: './data/demo-credentials.json' }),
    TLS_CERT_FILE: Type.Optional(Type.String({ minLength: 1 })),
    TLS_KEY_FILE: Type.Optional(Type.String({ minLength: 1 })),
    /** Largest request body; envelopes carry base64 PDFs. */
    BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 25 * 1024 * 1024 }),
    /** Lets Connect configurations publish to private, loopback and link-local addresses (development). */
    CONNECT_ALLOW_PRIVATE_URLS: Type.Boolean({ default: false }),
    /**
     * The in-process template cache. `verified` checks each cached template's stored version on every
     * read, so changes by other instances sharing the database are seen; `trusted` skips that query,
     * exact only while this process is the database's one writer. `auto` trusts it on SQLite and
     * verifies on PostgreSQL, the store for running several instances.
     */
    /**
     * How often document blobs that no template or envelope refers to any more (e.g. the documents a
     * template update replaced) are deleted, once an hour has passed since they were last stored.
     */
    BLOB_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 1_000, default: 60 * 60_000 }),
    TEMPLATE_CACHE: Type.Union([Type.Literal('auto'), Type.Literal('trusted'), Type.Literal('verified')], {
      default: 'auto',
    }),
    /**
     * How API calls are counted for the rate limits. `shared` counts every call with an atomic upsert
     * in the database, exact across instances sharing it; `local` counts in process from the stored
     * count and writes the counts behind about once a second, exact only while this process is the
     * database's one writer (a crash loses at most that second: calls under-counted, never over).
     * `auto` counts locally on SQLite and shared on PostgreSQL, the store for running several instances.
     */
    RATE_LIMIT_COUNTING: Type.Union([Type.Literal('auto'), Type.Literal('shared'), Type.Literal('local')], {
      default: 'auto',
    }),
  }),
])

export type EnvelopeServiceConfig = ReturnType<typeof loadEnvelopeServiceConfig>

export function loadEnvelopeServiceConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(EnvelopeServiceConfig, env)
}

/** Whether the template cache is served without checking versions: the `TEMPLATE_CACHE` decision. */
export function templateCacheTrusted(config: EnvelopeServiceConfig): boolean {
  if (config.TEMPLATE_CACHE === 'auto') return config.DATABASE_URL.startsWith('sqlite:')
  return config.TEMPLATE_CACHE === 'trusted'
}

/** Whether rate-limit calls are counted in process and written behind: the `RATE_LIMIT_COUNTING` decision. */
export function rateLimitCountingLocal(config: EnvelopeServiceConfig): boolean {
  if (config.RATE_LIMIT_COUNTING === 'auto') return config.DATABASE_URL.startsWith('sqlite:')
  return config.RATE_LIMIT_COUNTING === 'local'
}
