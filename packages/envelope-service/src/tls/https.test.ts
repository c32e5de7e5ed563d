import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { request } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAccount, createIntegrationKey, createUser, grantConsent } from '../identity/service.js'
import { signTestAssertion, startTestService, type TestService } from '../testing/harness.js'
import { writeDevCertificates } from './dev-cert.js'

interface HttpsResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function httpsCall(
  url: string,
  options: { ca?: Buffer; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpsResponse> {
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          body += chunk
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        )
      },
    )
    call.on('error', reject)
    call.end(options.body)
  })
}

describeEachDatabase('HTTPS with a development certificate', (databases) => {
  let directory: string
  let service: TestService
  let origin: string
  let ca: Buffer

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'https-'))
    const paths = writeDevCertificates(directory)
    ca = readFileSync(paths.caCert)
    service = await startTestService(await databases.freshUrl(), {
      TLS_CERT_FILE: paths.serverCert,
      TLS_KEY_FILE: paths.serverKey,
    })
    await service.app.listen({ port: 0, host: '127.0.0.1' })
    origin = `https://127.0.0.1:${(service.app.server.address() as { port: number }).port}`
  })
  afterAll(async () => {
    await service.close()
    rmSync(directory, { recursive: true, force: true })
  })

  it('serves /healthz to a client that trusts the development CA', async () => {
    const response = await httpsCall(`${origin}/healthz`, { ca })
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body)).toEqual({ status: 'ok' })
  })

  it('tells browsers to stay on HTTPS and not to sniff types, on successes and errors alike', async () => {
    for (const path of ['/healthz', '/restapi/v2.1/accounts/x/templates', '/no-such-page']) {
      const response = await httpsCall(`${origin}${path}`, { ca })
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  it('is refused by a client that does not trust the CA', async () => {
    await expect(httpsCall(`${origin}/healthz`)).rejects.toThrow(/self[- ]signed|unable to (get|verify)/i)
  })

  it('exchanges a JWT for an access token over HTTPS', async () => {
    const db = service.ctx.db
    await createAccount(db, { name: 'Secure' })
    const user = await createUser(db, { name: 'Tls User', email: 'tls@example.test' })
    const key = await createIntegrationKey(db, { name: 'TLS client' })
    await grantConsent(db, {
      userId: user.id,
      integrationKeyId: key.integrationKey.id,
      scopes: ['signature', 'impersonation'],
    })
    const assertion = signTestAssertion(key.privateKeyPem, {
      iss: key.integrationKey.id,
      sub: user.id,
      aud: 'localhost:8443',
    })
    const response = await httpsCall(`${origin}/oauth/token`, {
      ca,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
    })
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(response.body)).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
  })
})
