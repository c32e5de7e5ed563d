import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signaturePng } from '../../completion/test-fixtures.js'
import { pdftotext } from '../../completion/test-poppler.js'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { seedPrincipal, type TestPrincipal, type TestService } from '../../testing/harness.js'
import { embeddedSigningHeaders, injectAs } from '../../testing/inject.js'
import { startSealedTestService } from '../../testing/sealed-service.js'

/**
 * A tab added to a sent envelope, end to end: the signing page opened afterwards shows it, the signer
 * fills it in, and the sealed PDF and the tab read carry the value under the tab's id.
 */
describeEachDatabase('a tab added to a sent envelope is signed and sealed', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  const at = (x: number, y: number) => ({
    documentId: '1',
    pageNumber: '1',
    xPosition: String(x),
    yPosition: String(y),
  })
  const signer = { name: 'Ana Ruiz', email: 'ana@example.test', clientUserId: 'crm-ana' }

  beforeAll(async () => {
    service = await startSealedTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
  })
  afterAll(() => service?.close())

  const inject = (method: 'GET' | 'POST', path: string, payload?: object) =>
    injectAs(service, sender, method, path, payload)

  async function sealedPdf(envelopeId: string): Promise<Uint8Array> {
    const deadline = Date.now() + 30_000
    for (;;) {
      const sealed = await service.ctx.db
        .selectFrom('envelope_signed_documents')
        .select('part')
        .where('envelope_id', '=', envelopeId)
        .executeTakeFirst()
      if (sealed) break
      if (Date.now() > deadline) throw new Error('the completion job did not seal the envelope')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const combined = await inject('GET', `/envelopes/${envelopeId}/documents/combined`)
    expect(combined.statusCode).toBe(200)
    return new Uint8Array(combined.rawPayload)
  }

  it('shows the added tab on the signing page, takes its value and seals it into the PDF', async () => {
    const created = await inject('POST', '/envelopes', {
      status: 'sent',
      emailSubject: 'Order',
      documents: [{ documentId: '1', name: 'Order.pdf', documentBase64: await makePdfBase64(1, 'Order') }],
      recipients: {
        signers: [{ recipientId: '1', routingOrder: '1', ...signer, tabs: { signHereTabs: [at(300, 600)] } }],
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const envelopeId: string = created.json().envelopeId

    const added = await inject('POST', `/envelopes/${envelopeId}/recipients/1/tabs`, {
      textTabs: [{ ...at(100, 200), tabLabel: 'PurchaseOrder', required: 'true' }],
    })
    expect(added.statusCode, added.body).toBe(201)
    const tabId: string = added.json().textTabs[0].tabId

    const headers = await embeddedSigningHeaders(service, sender, envelopeId, signer)
    const session = await service.app.inject({ url: '/signing/api/session', headers })
    expect(session.statusCode).toBe(200)
    expect(session.json().tabs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          tabId: 'textTabs-0',
          type: 'text',
          required: true,
          label: 'PurchaseOrder',
        }),
      ]),
    )
    const unfilled = await service.app.inject({
      method: 'POST',
      url: '/signing/api/finish',
      headers,
      payload: { signature: signaturePng(), values: { 'signHereTabs-0': 'signed' } },
    })
    expect(unfilled.statusCode).toBe(400)
    const finished = await service.app.inject({
      method: 'POST',
      url: '/signing/api/finish',
      headers,
      payload: { signature: signaturePng(), values: { 'signHereTabs-0': 'signed', 'textTabs-0': 'PO-4711' } },
    })
    expect(finished.statusCode, finished.body).toBe(200)

    expect(await pdftotext(await sealedPdf(envelopeId), { first: 1, last: 1 })).toContain('PO-4711')
    const tabs = (await inject('GET', `/envelopes/${envelopeId}/recipients/1/tabs`)).json()
    expect(tabs.textTabs).toEqual([
      expect.objectContaining({ tabId, tabLabel: 'PurchaseOrder', value: 'PO-4711' }),
    ])
  })
})
