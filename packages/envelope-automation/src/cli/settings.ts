import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EsignClientOptions } from '../client/client.js'

/** The repository's data directory (DATA_DIR overrides), where the envelope service writes its demo files. */
export function dataDirectory(env: NodeJS.ProcessEnv): string {
  const root = resolve(fileURLToPath(import.meta.url), '../../../../..')
  return env.DATA_DIR ? resolve(env.DATA_DIR) : resolve(root, 'data')
}

export class SettingsError extends Error {
  override readonly name = 'SettingsError'
}

/** `data/demo-credentials.json` as the envelope service's bootstrap writes it. */
interface DemoCredentialsFile {
  accountId: string
  userId: string
  integrationKey: string
  privateKeyPem: string
  authHost: string
  baseUri: string
}

/**
 * Client options from a credentials file: the SDK's `baseUri` (ending /restapi) becomes the REST root
 * ending /restapi/v2.1, `authHost` the identity host; the CA file, when there is one, is trusted.
 */
export function clientOptionsFromFiles(
  credentialsPath: string,
  caPath: string | undefined,
): EsignClientOptions {
  let parsed: Partial<DemoCredentialsFile>
  try {
    parsed = JSON.parse(readFileSync(credentialsPath, 'utf8'))
  } catch (error) {
    throw new SettingsError(
      `cannot read credentials from ${credentialsPath} (${(error as Error).message}); start the envelope service once (npm start) or pass --credentials <file>`,
    )
  }
  const missing = (
    ['accountId', 'userId', 'integrationKey', 'privateKeyPem', 'authHost', 'baseUri'] as const
  ).filter((key) => typeof parsed[key] !== 'string' || parsed[key] === '')
  if (missing.length) throw new SettingsError(`${credentialsPath} lacks ${missing.join(', ')}`)
  const credentials = parsed as DemoCredentialsFile
  let ca: string | undefined
  if (caPath !== undefined) {
    if (!existsSync(caPath)) throw new SettingsError(`CA file ${caPath} does not exist`)
    ca = readFileSync(caPath, 'utf8')
  }
  return {
    baseUrl: `${credentials.baseUri.replace(/\/+$/, '')}/v2.1`,
    identityHost: credentials.authHost,
    integrationKey: credentials.integrationKey,
    userId: credentials.userId,
    privateKeyPem: credentials.privateKeyPem,
    accountId: credentials.accountId,
    ...(ca ? { ca } : {}),
  }
}
