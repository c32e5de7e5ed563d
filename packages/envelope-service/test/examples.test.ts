import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bootstrapDemo, type DemoCredentials } from '../src/admin/bootstrap.js'
import { freePort, startTestService, type TestService } from '../src/testing/harness.js'
import { writeDevCertificates } from '../src/tls/dev-cert.js'

const example = resolve(import.meta.dirname, '../examples/create-envelope.mjs')

describeEachDatabase('examples/create-envelope.mjs against the service over HTTPS', (databases) => {
  let directory: string
  let service: TestService
  let credentials: DemoCredentials
  let printed: {
    envelopeId: string
    status: string
    templates: string[]
    recipients: { roleName: string; name: string; email: string; routingOrder: string }[]
  }

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'example-'))
    const certificates = writeDevCertificates(directory)
    const port = await freePort()
    const publicUrl = `https://localhost:${port}`
    service = await startTestService(await databases.freshUrl(), {
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      TLS_CERT_FILE: certificates.serverCert,
      TLS_KEY_FILE: certificates.serverKey,
    })
    await service.app.listen({ port, host: '127.0.0.1' })
    const credentialsFile = join(directory, 'demo-credentials.json')
    credentials = await bootstrapDemo(service.ctx.db, { publicUrl, credentialsFile })
    const { stdout } = await promisify(execFile)(process.execPath, [example, credentialsFile], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: certificates.caCert },
    })
    printed = JSON.parse(stdout)
  }, 120_000)
  afterAll(async () => {
    await service?.close()
    rmSync(directory, { recursive: true, force: true })
  })

  it("lists each demo template's real role names in the credentials file", () => {
    const saved = JSON.parse(
      readFileSync(join(directory, 'demo-credentials.json'), 'utf8'),
    ) as DemoCredentials
    expect(saved.templates).toHaveLength(3)
    for (const template of saved.templates) {
      expect(template.roleNames).toEqual(['Signing Recipient #1', 'Service Coordinator'])
    }
  })

  it('creates one sent envelope from two demo templates', async () => {
    expect(printed.status).toBe('sent')
    expect(printed.templates).toEqual(credentials.templates.slice(0, 2).map((template) => template.name))
    const stored = await service.ctx.db
      .selectFrom('envelopes')
      .select(['id', 'status'])
      .where('account_id', '=', credentials.accountId)
      .execute()
    expect(stored).toEqual([{ id: printed.envelopeId, status: 'sent' }])
  })

  it('fills the templates’ roles by name: one recipient per role across both templates, none added', async () => {
    const rows = await service.ctx.db
      .selectFrom('envelope_recipients')
      .select(['role_name', 'name', 'email', 'routing_order'])
      .where('envelope_id', '=', printed.envelopeId)
      .orderBy('routing_order')
      .execute()
    expect(rows).toEqual([
      {
        role_name: 'Signing Recipient #1',
        name: 'María García',
        email: 'maria.garcia@example.com',
        routing_order: 1,
      },
      {
        role_name: 'Service Coordinator',
        name: 'Sam Coordinator',
        email: 'sam.coordinator@example.com',
        routing_order: 2,
      },
    ])
    expect(printed.recipients.map((recipient) => recipient.roleName)).toEqual([
      'Signing Recipient #1',
      'Service Coordinator',
    ])
  })
})
