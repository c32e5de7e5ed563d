import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bootstrapDemo, type DemoCredentials } from '../admin/bootstrap.js'
import { writeDevCertificates } from '../tls/dev-cert.js'
import { freePort, startTestService, type TestService } from './harness.js'

/** The service listening over HTTPS on a fresh development CA, with the demo bootstrapped, as `npm start` runs it. */
export interface HttpsDemoService {
  service: TestService
  credentials: DemoCredentials
  credentialsFile: string
  /** The development CA, for `NODE_EXTRA_CA_CERTS` or a client's `ca`. */
  caFile: string
  publicUrl: string
  /** A temporary folder for this run (certificates, credentials, seal), removed by `close`. */
  directory: string
  close(): Promise<void>
}

export interface HttpsDemoOptions {
  /** Extra service settings (e.g. `DEV_MAILBOX`, `CONNECT_ALLOW_PRIVATE_URLS`). */
  env?: Record<string, string>
  /** Bootstrap the "Automation console" Connect configuration publishing to this URL. */
  webhookUrl?: string
}

/**
 * Starts the service on a database URL in this process, listening on 127.0.0.1 over HTTPS (the identity host
 * and the REST API alike, as the SDK needs), and runs the demo bootstrap. For the SDK, example and
 * automation tests, which talk to it as real clients do.
 */
export async function startHttpsDemoService(
  databaseUrl: string,
  options: HttpsDemoOptions = {},
): Promise<HttpsDemoService> {
  const directory = mkdtempSync(join(tmpdir(), 'https-demo-'))
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
      publicUrl,
      directory,
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
