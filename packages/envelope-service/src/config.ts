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
  }),
])

export type EnvelopeServiceConfig = ReturnType<typeof loadEnvelopeServiceConfig>

export function loadEnvelopeServiceConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(EnvelopeServiceConfig, env)
}
