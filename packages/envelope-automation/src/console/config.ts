import { join } from 'node:path'
import { type Static, Type } from '@sinclair/typebox'
import { BaseServiceConfig, ConfigError, loadConfig } from 'platform'

/**
 * The console's settings. The envelope service connection comes either from the credentials file the
 * service's demo bootstrap writes (the default, so `npm start` needs no editing) or, when `ESIGN_BASE_URL`
 * is set, from the explicit `ESIGN_*` settings, the named credential of a real DocuSign account.
 */
export const ConsoleConfig = Type.Composite([
  BaseServiceConfig,
  Type.Object({
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3100 }),
    DEMO_CREDENTIALS_FILE: Type.String({ minLength: 1 }),
    /** The envelope service's development CA; trusted only when the file exists. */
    ESIGN_CA_FILE: Type.String({ minLength: 1 }),
    ESIGN_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://.+/restapi/v2\\.1/?$' })),
    ESIGN_IDENTITY_HOST: Type.Optional(Type.String({ minLength: 1 })),
    ESIGN_INTEGRATION_KEY: Type.Optional(Type.String({ minLength: 1 })),
    ESIGN_USER_ID: Type.Optional(Type.String({ minLength: 1 })),
    ESIGN_ACCOUNT_ID: Type.Optional(Type.String({ minLength: 1 })),
    ESIGN_PRIVATE_KEY_FILE: Type.Optional(Type.String({ minLength: 1 })),
    /** Connect HMAC secret(s) of the completion listener, comma-separated during a rotation. */
    CONNECT_HMAC_SECRET: Type.Optional(Type.String()),
    /**
     * Host header values the console answers to, comma-separated (`console.example.org`, `10.0.0.5:3100`);
     * by default the loopback names with the port it listens on.
     */
    CONSOLE_ALLOWED_HOSTS: Type.Optional(Type.String()),
    /**
     * `{"username", "password"}` of a user created at start when missing: `npm start` writes one for the
     * demo user.
     */
    CONSOLE_DEMO_USER_FILE: Type.Optional(Type.String({ minLength: 1 })),
    /** Loads the demo cases into an empty case store at start. */
    SEED_DEMO_DATA: Type.Boolean({ default: true }),
  }),
])

export type ConsoleConfig = Static<typeof ConsoleConfig>

const EXPLICIT_SETTINGS = [
  'ESIGN_IDENTITY_HOST',
  'ESIGN_INTEGRATION_KEY',
  'ESIGN_USER_ID',
  'ESIGN_ACCOUNT_ID',
  'ESIGN_PRIVATE_KEY_FILE',
] as const

export function loadConsoleConfig(env: Record<string, string | undefined> = process.env): ConsoleConfig {
  const config = loadConfig(ConsoleConfig, env, (dataDir) => ({
    DATABASE_URL: `sqlite:${join(dataDir, 'automation.db')}`,
    DEMO_CREDENTIALS_FILE: join(dataDir, 'demo-credentials.json'),
    ESIGN_CA_FILE: join(dataDir, 'tls', 'ca.crt'),
  }))
  if (config.ESIGN_BASE_URL) {
    const missing = EXPLICIT_SETTINGS.filter((key) => !config[key])
    if (missing.length > 0) {
      throw new ConfigError(missing.map((key) => `${key} is required when ESIGN_BASE_URL is set`))
    }
  }
  return config
}

export function connectSecrets(config: Pick<ConsoleConfig, 'CONNECT_HMAC_SECRET'>): string[] {
  return (config.CONNECT_HMAC_SECRET ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter((secret) => secret !== '')
}
