import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signaturePng } from '../completion/test-fixtures.js'
import { pdftotext } from '../completion/test-poppler.js'
import { COMBINED_PART, findSignedPart } from '../documents/sealed/repository.js'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { seedPrincipal, type TestPrincipal, type TestService } from '../testing/harness.js'
import { embeddedSigningHeaders, injectAs } from '../testing/inject.js'
import { startSealedTestService } from '../testing/sealed-service.js'

/**
 * Conditional display through signing and completion (tabs/conditional.ts): a checkbox parent and a
 * required text child shown only while it is checked. Unchecked, finishing needs no child and drops
 * what was sent for it; checked, the child is required. The sealed PDF, the tab GET and form_data show
 * a hidden child empty.
 */
describeEachDatabase('conditional fields through signing and completion', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  const at = (x: number, y: number) => ({
    documentId: '1',
    pageNumber: '1',
    xPosition: String(x),
    yPosition: String(y),
  })
  const signer = { name: 'Pat Owner', email: 'pat@example.test', clientUserId: 'crm-pat' }

  beforeAll(async () => {
    service = await startSealedTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
  })
  afterAll(() => service?.close())

  const inject = (method: 'GET' | 'POST', path: string, payload?: object) =>
    injectAs(service, sender, method, path, payload)

  async function send(): Promise<string> {
    const created = await inject('POST', '/envelopes', {
      status: 'sent',
      emailSubject: 'Lease',
      documents: [{ documentId: '1', name: 'Lease.pdf', documentBase64: await makePdfBase64(1, 'Lease') }],
      recipients: {
        signers: [
          {
            recipientId: '1',
            routingOrder: '1',
            ...signer,
            tabs: {
              signHereTabs: [at(300, 700)],
              checkboxTabs: [{ ...at(100, 100), tabLabel: 'Pets' }],
              textTabs: [
                {
                  ...at(100, 200),
                  tabLabel: 'Pet name',
                  required: 'true',
                  conditionalParentLabel: 'Pets',
                  conditionalParentValue: 'on',
                },
              ],
            },
          },
        ],
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    return created.json().envelopeId
  }

  async function openPage(envelopeId: string) {
    const headers = await embeddedSigningHeaders(service, sender, envelopeId, signer)
    // Opening the page (the session) is what makes the link's token good for finishing.
    const session = await service.app.inject({ url: '/signing/api/session', headers })
    expect(session.statusCode).toBe(200)
    return { headers, session: session.json() }
  }

  const finish = (headers: Record<string, string>, values: Record<string, string>) =>
    service.app.inject({
      method: 'POST',
      url: '/signing/api/finish',
      headers,
      payload: { signature: signaturePng(), values: { 'signHereTabs-0': 'signed', ...values } },
    })

  async function sealedPdf(envelopeId: string): Promise<Uint8Array> {
    const deadline = Date.now() + 30_000
    while (!(await findSignedPart(service.ctx.db, envelopeId, COMBINED_PART))) {
      if (Date.now() > deadline) throw new Error('the completion job did not seal the envelope')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const combined = await inject('GET', `/envelopes/${envelopeId}/documents/combined`)
    expect(combined.statusCode).toBe(200)
    return new Uint8Array(combined.rawPayload)
  }

  it('gives the signing page the child with its parent, to show while the checkbox is checked', async () => {
    const envelopeId = await send()
    const { session } = await openPage(envelopeId)
    const child = session.tabs.find((tab: { tabId: string }) => tab.tabId === 'textTabs-0')
    expect(child).toMatchObject({
      required: true,
      conditionalParent: { tabId: 'checkboxTabs-0', value: 'on' },
    })
  })

  it('refuses finishing with the checkbox checked and the child empty', async () => {
    const envelopeId = await send()
    const refused = await finish((await openPage(envelopeId)).headers, { 'checkboxTabs-0': 'true' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toContain('values.textTabs-0 is required')
  })

  it('finishes unchecked without the child, drops what was sent for it, and neither draws nor returns it', async () => {
    const envelopeId = await send()
    const finished = await finish((await openPage(envelopeId)).headers, {
      'checkboxTabs-0': 'false',
      'textTabs-0': 'Hidden Rex',
    })
    expect(finished.statusCode, finished.body).toBe(200)

    const text = await pdftotext(await sealedPdf(envelopeId), { first: 1, last: 1 })
    expect(text).toContain('Lease')
    expect(text).not.toContain('Hidden Rex')
    const tabs = (await inject('GET', `/envelopes/${envelopeId}/recipients/1/tabs`)).json()
    expect(tabs.textTabs[0]).toMatchObject({ tabLabel: 'Pet name', value: '' })
    const formData = (await inject('GET', `/envelopes/${envelopeId}/form_data`)).json()
    expect(formData.formData).toEqual(expect.arrayContaining([{ name: 'Pet name', value: '' }]))
  })

  it('draws the child’s value when the checkbox is checked', async () => {
    const envelopeId = await send()
    const finished = await finish((await openPage(envelopeId)).headers, {
      'checkboxTabs-0': 'true',
      'textTabs-0': 'Shown Rex',
    })
    expect(finished.statusCode, finished.body).toBe(200)
    const text = await pdftotext(await sealedPdf(envelopeId), { first: 1, last: 1 })
    expect(text).toContain('Shown Rex')
  })
})
