import { existsSync, readFileSync, statSync } from 'node:fs'
import { clientOptionsFromFiles, SettingsError } from '../cli/settings.js'
import { createEsignClient, type EsignClient, type EsignClientOptions } from '../client/client.js'
import type { ConsoleConfig } from './config.js'

/** Hands out the envelope service client; the console asks for it per request. */
export type EsignConnection = () => EsignClient

/**
 * Under `npm start` the console may start before the envelope service has written its demo credentials, so
 * the file is read on first use rather than at start, and read again when it changes (a fresh data
 * directory bootstraps a new account). The client is kept between requests so its token cache is shared:
 * one token exchange per hour, not one per request.
 */
export function esignConnection(
  config: ConsoleConfig,
  overrides: Partial<EsignClientOptions> = {},
): EsignConnection {
  if (config.ESIGN_BASE_URL) {
    const client = createEsignClient({ ...explicitOptions(config), ...overrides })
    return () => client
  }
  let cached: { version: string; client: EsignClient } | undefined
  return () => {
    const version = fileVersion(config.DEMO_CREDENTIALS_FILE)
    if (cached?.version !== version) {
      const caFile = existsSync(config.ESIGN_CA_FILE) ? config.ESIGN_CA_FILE : undefined
      const options = clientOptionsFromFiles(config.DEMO_CREDENTIALS_FILE, caFile)
      cached = { version, client: createEsignClient({ ...options, ...overrides }) }
    }
    return cached.client
  }
}

/** The account the console sends from, or undefined while it has no service credentials. */
export function configuredAccountId(connection: EsignConnection): string | undefined {
  try {
    return connection().accountId
  } catch (error) {
    if (error instanceof SettingsError) return undefined
    throw error
  }
}

function fileVersion(path: string): string {
  try {
    const stats = statSync(path)
    return `${stats.mtimeMs}:${stats.size}`
  } catch {
    throw new SettingsError(
      `the envelope service credentials ${path} do not exist yet; start the envelope service (npm start) or set DEMO_CREDENTIALS_FILE`,
    )
  }
}

function explicitOptions(config: ConsoleConfig): EsignClientOptions {
  const keyFile = config.ESIGN_PRIVATE_KEY_FILE as string
  if (!existsSync(keyFile)) throw new SettingsError(`ESIGN_PRIVATE_KEY_FILE ${keyFile} does not exist`)
  return {
    baseUrl: config.ESIGN_BASE_URL as string,
    identityHost: config.ESIGN_IDENTITY_HOST as string,
    integrationKey: config.ESIGN_INTEGRATION_KEY as string,
    userId: config.ESIGN_USER_ID as string,
    accountId: config.ESIGN_ACCOUNT_ID as string,
    privateKeyPem: readFileSync(keyFile, 'utf8'),
    ...(existsSync(config.ESIGN_CA_FILE) ? { ca: readFileSync(config.ESIGN_CA_FILE, 'utf8') } : {}),
  }
}
