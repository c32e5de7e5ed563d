import { randomBytes } from 'node:crypto'
import { PDFDocument } from 'pdf-lib'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'

const base = (accountId: string) => `/restapi/v2.1/accounts/${accountId}`

/** A valid one-page PDF of at least `size` bytes: random (incompressible) bytes as an attached file. */
async function largePdf(size: number): Promise<Buffer> {
  const document = await PDFDocument.create()
  document.addPage([612, 792])
  await document.attach(randomBytes(size), 'payload.bin', { mimeType: 'application/octet-stream' })
  return Buffer.from(await document.save())
}

/** The largest PDF whose base64 still fits the default body limit (25 MiB) with the JSON around it. */
const NEAR_BODY_LIMIT = Math.floor(((25 * 1024 * 1024 - 4096) / 4) * 3) - 64 * 1024

describeEachDatabase('documents up to the body limit', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
  })
  afterAll(() => service.close())

  const post = (path: string, payload: object) =>
    service.app.inject({
      method: 'POST',
      url: `${base(sender.accountId)}${path}`,
      headers: sender.headers,
      payload,
    })

  it('creates a template from a 3.5 MiB PDF and returns its bytes unchanged', async () => {
    const pdf = await largePdf(3.5 * 1024 * 1024)
    const created = await post('/templates', {
      name: 'Large',
      documents: [
        { documentId: '1', name: 'Large', fileExtension: 'pdf', documentBase64: pdf.toString('base64') },
      ],
      recipients: { signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1' }] },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { templateId } = created.json() as { templateId: string }
    const document = await service.app.inject({
      url: `${base(sender.accountId)}/templates/${templateId}/documents/1`,
      headers: sender.headers,
    })
    expect(document.statusCode).toBe(200)
    expect(Buffer.compare(document.rawPayload, pdf)).toBe(0)
  })

  it('creates an envelope from an inline PDF just under the body limit', async () => {
    const pdf = await largePdf(NEAR_BODY_LIMIT - 2048)
    const documentBase64 = pdf.toString('base64')
    expect(documentBase64.length).toBeGreaterThan(24 * 1024 * 1024)
    const created = await post('/envelopes', {
      status: 'sent',
      emailSubject: 'Large',
      documents: [{ documentId: '1', name: 'Large', fileExtension: 'pdf', documentBase64 }],
      recipients: {
        signers: [{ recipientId: '1', name: 'Ana', email: 'ana@example.test', routingOrder: '1' }],
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { envelopeId } = created.json() as { envelopeId: string }
    const document = await service.app.inject({
      url: `${base(sender.accountId)}/envelopes/${envelopeId}/documents/1`,
      headers: sender.headers,
    })
    expect(document.statusCode).toBe(200)
    expect(Buffer.compare(document.rawPayload, pdf)).toBe(0)
  })
})
