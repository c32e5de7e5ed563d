import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { seedPrincipal, type TestPrincipal, type TestService } from './harness.js'
import { startSealedTestService } from './sealed-service.js'

/**
 * The official DocuSign Node SDK (unmodified) against a service listening on 127.0.0.1. The SDK is
 * untyped CommonJS: each test declares the APIs it calls by extending `DocuSignSdkBase`.
 */

// biome-ignore lint/suspicious/noExplicitAny: the SDK's models are untyped JSON objects.
export type SdkModel = Record<string, any>

export interface SdkApiClient {
  setBasePath(path: string): void
  addDefaultHeader(name: string, value: string): void
}

export interface DocuSignSdkBase {
  ApiClient: new () => SdkApiClient
}

export function loadDocuSignSdk<Sdk extends DocuSignSdkBase>(): Sdk {
  return createRequire(import.meta.url)('docusign-esign') as Sdk
}

export interface SdkService {
  service: TestService
  /** The seeded account's administrator, whose token the client sends. */
  principal: TestPrincipal
  client: SdkApiClient
  close(): Promise<void>
}

/**
 * A listening service (its seal in a scratch directory) with a seeded principal and an SDK client
 * authorized as that principal.
 */
export async function startSdkService(
  databaseUrl: string,
  options: {
    env?: Record<string, string>
    now?: () => number
    principal?: Parameters<typeof seedPrincipal>[1]
  } = {},
): Promise<SdkService> {
  const service = await startSealedTestService(databaseUrl, options.env, options.now)
  const close = () => service.close()
  try {
    await service.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = service.app.server.address() as AddressInfo
    const principal = await seedPrincipal(service.ctx, options.principal)
    const client = new (loadDocuSignSdk().ApiClient)()
    client.setBasePath(`http://127.0.0.1:${port}/restapi`)
    client.addDefaultHeader('Authorization', `Bearer ${principal.accessToken}`)
    return { service, principal, client, close }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * What an SDK call that failed answered, `{status, body}` (the SDK rejects with its HTTP client's error),
 * or undefined when it succeeded: for asserting a refusal in one expression.
 */
export function sdkFailure(
  promise: Promise<unknown>,
  // biome-ignore lint/suspicious/noExplicitAny: the body is whatever the service answered, read by the test.
): Promise<{ status: number; body: any } | undefined> {
  return promise.then(
    () => undefined,
    // biome-ignore lint/suspicious/noExplicitAny: the SDK rejects with an axios error.
    (error: any) => ({ status: error.response?.status, body: error.response?.data }),
  )
}
