import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// The real envelope service, started in this process exactly as its own SDK test does.
import { bootstrapDemo, type DemoCredentials } from '../../envelope-service/src/admin/bootstrap.js'
import { freePort, startTestService, type TestService } from '../../envelope-service/src/testing/harness.js'
import { writeDevCertificates } from '../../envelope-service/src/tls/dev-cert.js'
import type { EsignClientOptions } from '../src/client/client.js'

/** The real envelope service listening over HTTPS (development CA) with the demo bootstrapped. */
export interface RealEnvelopeService {
  service: TestService
  credentials: DemoCredentials
  credentialsFile: string
  caFile: string
  /** A temporary folder for this run (certificates, credentials), removed by `close`. */
  directory: string
  /** The named credential for `createEsignClient`, trusting the development CA. */
  clientOptions: EsignClientOptions
  close(): Promise<void>
}

export interface RealEnvelopeServiceOptions {
  /** Extra service settings (e.g. `DEV_MAILBOX`, `CONNECT_ALLOW_PRIVATE_URLS`). */
  env?: Record<string, string>
  /** Bootstrap the "Automation console" Connect configuration publishing to this URL. */
  webhookUrl?: string
}

/**
 * Starts the envelope service on a database URL in this process, listening on 127.0.0.1 over HTTPS with a
 * fresh development CA (identity host and REST API alike), and runs the demo bootstrap, as `npm start` does.
 */
export async function startRealEnvelopeService(
  databaseUrl: string,
  options: RealEnvelopeServiceOptions = {},
): Promise<RealEnvelopeService> {
  const directory = mkdtempSync(join(tmpdir(), 'automation-service-'))
  try {
    const certificates = writeDevCertificates(directory)
    const port = await freePort()
    const publicUrl = `https://localhost:${port}`
    const service = await startTestService(databaseUrl, {
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      TLS_CERT_FILE: certificates.serverCert,
      TLS_KEY_FILE: certificates.serverKey,
      SEAL_DEVELOPMENT_FILE: join(directory, 'seal.p12'),
      ...options.env,
    })
    await service.app.listen({ port, host: '127.0.0.1' })
    const credentialsFile = join(directory, 'demo-credentials.json')
    const credentials = await bootstrapDemo(service.ctx.db, {
      publicUrl,
      credentialsFile,
      ...(options.webhookUrl ? { webhookUrl: options.webhookUrl } : {}),
    })
    return {
      service,
      credentials,
      credentialsFile,
      caFile: certificates.caCert,
      directory,
      clientOptions: {
        baseUrl: `${credentials.baseUri}/v2.1`,
        identityHost: credentials.authHost,
        integrationKey: credentials.integrationKey,
        userId: credentials.userId,
        privateKeyPem: credentials.privateKeyPem,
        accountId: credentials.accountId,
        ca: readFileSync(certificates.caCert, 'utf8'),
      },
      close: async () => {
        await service.close()
        rmSync(directory, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(directory, { recursive: true, force: true })
    throw error
  }
}

export { freePort }
