import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signaturePng } from '../completion/test-fixtures.js'
import { pdftotext } from '../completion/test-poppler.js'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { seedPrincipal, type TestPrincipal, type TestService } from '../testing/harness.js'
import { embeddedSigningHeaders, injectAs } from '../testing/inject.js'
import { startSealedTestService } from '../testing/sealed-service.js'

/**
 * Formulas and localePolicy end to end: a seller sets a price (currency, de_de), a buyer later enters a
 * quantity (de_de); the buyer's total reads the seller's price, its expiry date reads the day the buyer
 * signs. The sealed PDF, the tab GET and form_data show German formatting; the stored values stay plain.
 */
describeEachDatabase('formulas and locale formatting through signing and completion', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  const clock = Date.parse('2026-01-31T10:00:00.000Z')
  const at = (x: number, y: number) => ({
    documentId: '1',
    pageNumber: '1',
    xPosition: String(x),
    yPosition: String(y),
  })
  const seller = { name: 'Sam Seller', email: 'sam@example.test', clientUserId: 'crm-sam' }
  const buyer = { name: 'Bea Buyer', email: 'bea@example.test', clientUserId: 'crm-bea' }

  beforeAll(async () => {
    service = await startSealedTestService(await databases.freshUrl(), {}, () => clock)
    sender = await seedPrincipal(service.ctx)
  })
  afterAll(() => service?.close())

  const inject = (method: 'GET' | 'POST', path: string, payload?: object) =>
    injectAs(service, sender, method, path, payload)

  async function sign(envelopeId: string, who: typeof seller, values: Record<string, string>) {
    const headers = await embeddedSigningHeaders(service, sender, envelopeId, who)
    expect((await service.app.inject({ url: '/signing/api/session', headers })).statusCode).toBe(200)
    const finished = await service.app.inject({
      method: 'POST',
      url: '/signing/api/finish',
      headers,
      payload: { signature: signaturePng(), values: { 'signHereTabs-0': 'signed', ...values } },
    })
    expect(finished.statusCode, finished.body).toBe(200)
  }

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

  it('draws, returns and lists German amounts and computed dates, and stores the plain values', async () => {
    const german = { cultureName: 'de_de' }
    const created = await inject('POST', '/envelopes', {
      status: 'sent',
      emailSubject: 'Bestellung',
      documents: [{ documentId: '1', name: 'Order.pdf', documentBase64: await makePdfBase64(1, 'Order') }],
      recipients: {
        signers: [
          {
            recipientId: '1',
            routingOrder: '1',
            ...seller,
            tabs: {
              signHereTabs: [at(300, 700)],
              numericalTabs: [
                { ...at(100, 100), tabLabel: 'Price', validationType: 'Currency', localePolicy: german },
              ],
            },
          },
          {
            recipientId: '2',
            routingOrder: '2',
            ...buyer,
            tabs: {
              signHereTabs: [at(300, 600)],
              numericalTabs: [
                { ...at(100, 200), tabLabel: 'Qty', validationType: 'Number', localePolicy: german },
              ],
              dateSignedTabs: [{ ...at(100, 300), tabLabel: 'Signed', localePolicy: german }],
              formulaTabs: [
                { ...at(100, 400), tabLabel: 'Total', formula: '[Qty] * [Price]', roundDecimalPlaces: '2' },
                { ...at(100, 500), tabLabel: 'Expires', formula: 'AddMonths([Signed], 1)' },
              ],
            },
          },
        ],
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const envelopeId: string = created.json().envelopeId

    await sign(envelopeId, seller, { 'numericalTabs-0': '411.5' })
    await sign(envelopeId, buyer, { 'numericalTabs-0': '3' })

    const text = await pdftotext(await sealedPdf(envelopeId), { first: 1, last: 1 })
    expect(text).toContain('411,50 €')
    expect(text).toContain('3,00')
    // 3 * 411.5 = 1234.5, the price read from the seller, who completed earlier.
    expect(text).toContain('1.234,50')
    // AddMonths from 31 January: the last day of February, shown like the date signed tab it reads.
    expect(text).toContain('28.2.2026')

    const tabs = (await inject('GET', `/envelopes/${envelopeId}/recipients/2/tabs`)).json()
    expect(tabs.numericalTabs[0]).toMatchObject({ value: '3,00', numericalValue: '3' })
    expect(tabs.formulaTabs.map((tab: { value: string }) => tab.value)).toEqual(['1.234,50', '28.2.2026'])
    const formData = (await inject('GET', `/envelopes/${envelopeId}/form_data`)).json()
    expect(formData.formData).toEqual(
      expect.arrayContaining([
        { name: 'Price', value: '411,50 €' },
        { name: 'Total', value: '1.234,50' },
      ]),
    )

    const stored = await service.ctx.db
      .selectFrom('envelope_recipients')
      .select(['recipient_id', 'tab_values'])
      .where('envelope_id', '=', envelopeId)
      .orderBy('recipient_id')
      .execute()
    expect(stored.map((row) => [row.recipient_id, JSON.parse(row.tab_values)])).toEqual([
      ['1', { 'signHereTabs-0': 'signed', 'numericalTabs-0': '411.5' }],
      [
        '2',
        {
          'signHereTabs-0': 'signed',
          'numericalTabs-0': '3',
          'formulaTabs-0': '1234.50',
          'formulaTabs-1': '2026-02-28',
        },
      ],
    ])
  })
})
