import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'

const base = (accountId: string) => `/restapi/v2.1/accounts/${accountId}`

describeEachDatabase('templates ordered by last use (order_by=used)', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let clock = Date.parse('2026-11-22T10:00:00.000Z')
  const ids: Record<string, string> = {}
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), {}, () => clock)
    sender = await seedPrincipal(service.ctx)
    const documentBase64 = await makePdfBase64(1)
    for (const name of ['Alpha', 'Bravo', 'Charlie']) {
      const response = await service.app.inject({
        method: 'POST',
        url: `${base(sender.accountId)}/templates`,
        headers: sender.headers,
        payload: {
          name,
          documents: [{ documentId: '1', name: 'D', fileExtension: 'pdf', documentBase64 }],
          recipients: { signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1' }] },
        },
      })
      expect(response.statusCode, response.body).toBe(201)
      ids[name] = response.json().templateId
    }
  })
  afterAll(() => service.close())

  async function useTemplate(name: string, at: number) {
    clock = at
    const response = await service.app.inject({
      method: 'POST',
      url: `${base(sender.accountId)}/envelopes`,
      headers: sender.headers,
      payload: {
        status: 'sent',
        templateId: ids[name],
        templateRoles: [{ roleName: 'Signer', name: 'Ana', email: 'ana@example.test' }],
      },
    })
    expect(response.statusCode, response.body).toBe(201)
  }

  async function names(query: string) {
    const response = await service.app.inject({
      url: `${base(sender.accountId)}/templates?${query}`,
      headers: sender.headers,
    })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json().envelopeTemplates as { name: string }[]).map((template) => template.name)
  }

  describe('GET /templates', () => {
    it('puts the most recently used first with desc, never-used templates last, in both conventions', async () => {
      await useTemplate('Bravo', Date.parse('2026-11-22T10:00:05.000Z'))
      await useTemplate('Alpha', Date.parse('2026-11-22T10:00:09.000Z'))
      expect(await names('order=desc&order_by=used')).toEqual(['Alpha', 'Bravo', 'Charlie'])
      expect(await names('order=used&order_by=desc')).toEqual(['Alpha', 'Bravo', 'Charlie'])
      expect(await names('order=asc&order_by=used')).toEqual(['Charlie', 'Bravo', 'Alpha'])
      expect(await names('order_by=used')).toEqual(['Charlie', 'Bravo', 'Alpha'])
    })

    it('moves a template up when it is used again', async () => {
      await useTemplate('Bravo', Date.parse('2026-11-22T10:01:00.000Z'))
      expect(await names('order=desc&order_by=used')).toEqual(['Bravo', 'Alpha', 'Charlie'])
    })

    it('pages through the used order', async () => {
      expect(await names('order=desc&order_by=used&start_position=1&count=1')).toEqual(['Alpha'])
    })
  })
})
