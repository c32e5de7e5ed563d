import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DemoCredentials } from '../src/admin/bootstrap.js'
import { type HttpsDemoService, startHttpsDemoService } from '../src/testing/https-demo.js'

const example = resolve(import.meta.dirname, '../examples/create-envelope.mjs')

describeEachDatabase('examples/create-envelope.mjs against the service over HTTPS', (databases) => {
  let demo: HttpsDemoService
  let credentials: DemoCredentials
  let printed: {
    envelopeId: string
    status: string
    templates: string[]
    recipients: { roleName: string; name: string; email: string; routingOrder: string }[]
  }

  beforeAll(async () => {
    demo = await startHttpsDemoService(await databases.freshUrl())
    credentials = demo.credentials
    const { stdout } = await promisify(execFile)(process.execPath, [example, demo.credentialsFile], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: demo.caFile },
    })
    printed = JSON.parse(stdout)
  }, 120_000)
  afterAll(() => demo?.close())

  it("lists each demo template's real role names in the credentials file", () => {
    const saved = JSON.parse(readFileSync(demo.credentialsFile, 'utf8')) as DemoCredentials
    expect(saved.templates).toHaveLength(3)
    for (const template of saved.templates) {
      expect(template.roleNames).toEqual(['Signing Recipient #1', 'Service Coordinator'])
    }
  })

  it('creates one sent envelope from two demo templates', async () => {
    expect(printed.status).toBe('sent')
    expect(printed.templates).toEqual(credentials.templates.slice(0, 2).map((template) => template.name))
    const stored = await demo.service.ctx.db
      .selectFrom('envelopes')
      .select(['id', 'status'])
      .where('account_id', '=', credentials.accountId)
      .execute()
    expect(stored).toEqual([{ id: printed.envelopeId, status: 'sent' }])
  })

  it('fills the templates’ roles by name: one recipient per role across both templates, none added', async () => {
    const rows = await demo.service.ctx.db
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
