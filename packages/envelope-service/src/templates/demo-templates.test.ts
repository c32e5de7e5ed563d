import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { getBlob } from '../documents/blobs/repository.js'
import { countPdfPages } from '../documents/pdf.js'
import { seedPrincipal, startTestService, type TestService } from '../testing/harness.js'
import { ensureDemoTemplates, SERVICE_COORDINATOR_ROLE, SIGNING_RECIPIENT_ROLE } from './demo-templates.js'
import { findTemplatesByIds } from './repository.js'

describeEachDatabase('demo templates', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
  })
  afterAll(() => service.close())

  it('creates three shared templates with real multi-page PDFs and both roles', async () => {
    const owner = await seedPrincipal(service.ctx)
    const created = await ensureDemoTemplates(service.ctx.db, owner, service.ctx.now())
    expect(created.map((t) => t.name)).toEqual([
      'Service Agreement',
      'Autorización de Servicios',
      'Case Intake Form',
    ])
    const templates = await findTemplatesByIds(
      service.ctx.db,
      owner.accountId,
      created.map((t) => t.templateId),
    )
    expect(templates.size).toBe(3)
    for (const template of templates.values()) {
      expect(template.shared).toBe(true)
      expect(template.emailSubject).not.toBe('')
      expect(template.emailBlurb).not.toBe('')
      expect(template.customFields.textCustomFields.map((f) => f.name)).toEqual(['CrmRecordId'])
      expect(template.recipients.map((r) => [r.roleName, r.routingOrder])).toEqual([
        [SIGNING_RECIPIENT_ROLE, '1'],
        [SERVICE_COORDINATOR_ROLE, '2'],
      ])
      for (const role of template.recipients) {
        expect(role.tabs.signHereTabs).toHaveLength(1)
        expect(role.tabs.dateSignedTabs).toHaveLength(1)
      }
      const [document] = template.documents
      expect(document?.pages).toBeGreaterThan(1)
      const bytes = await getBlob(service.ctx.db, document?.blobId as string)
      expect(await countPdfPages(bytes as Uint8Array, 'pdf')).toBe(document?.pages)
    }
  })

  it('is idempotent by name within the account', async () => {
    const owner = await seedPrincipal(service.ctx)
    const first = await ensureDemoTemplates(service.ctx.db, owner, service.ctx.now())
    const second = await ensureDemoTemplates(service.ctx.db, owner, service.ctx.now())
    expect(second).toEqual(first)
    const rows = await service.ctx.db
      .selectFrom('templates')
      .select('id')
      .where('account_id', '=', owner.accountId)
      .execute()
    expect(rows).toHaveLength(3)
  })

  it('works inside a caller transaction', async () => {
    const owner = await seedPrincipal(service.ctx)
    const created = await service.ctx.db
      .transaction()
      .execute((tx) => ensureDemoTemplates(tx, owner, service.ctx.now()))
    expect(created).toHaveLength(3)
  })

  it('creates templates separately in each account', async () => {
    const a = await seedPrincipal(service.ctx)
    const b = await seedPrincipal(service.ctx)
    const inA = await ensureDemoTemplates(service.ctx.db, a, service.ctx.now())
    const inB = await ensureDemoTemplates(service.ctx.db, b, service.ctx.now())
    expect(new Set([...inA, ...inB].map((t) => t.templateId)).size).toBe(6)
  })
})
