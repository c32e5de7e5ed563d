import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { expectInvalid } from '../testing/assertions.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { injectAs } from '../testing/inject.js'

/**
 * Values DocuSign accepts although its schema says otherwise, as its own examples send them: numbers
 * for strings (eg001's `clientUserId = 1000`), `null` for absent (eg019's `smsAuthentication: null`),
 * a date alone for `resumeDate` (eg035). `sequence` stays a string, as the contract requires.
 */
describeEachDatabase('values DocuSign accepts', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let onePage: string

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
    onePage = await makePdfBase64(1)
  })
  afterAll(() => service?.close())

  const inject = (method: 'GET' | 'POST', path: string, payload?: object) =>
    injectAs(service, sender, method, path, payload)
  const body = (signer: object, extra: object = {}) => ({
    status: 'created',
    emailSubject: 'Lenient',
    documents: [{ documentId: 1, name: 'One.pdf', fileExtension: 'pdf', documentBase64: onePage }],
    recipients: { signers: [{ recipientId: 1, name: 'Ana', email: 'ana@example.test', ...signer }] },
    ...extra,
  })

  it('reads numbers where DocuSign declares strings as their decimal text, and returns strings', async () => {
    const created = await inject('POST', '/envelopes', body({ clientUserId: 1000, routingOrder: 2 }))
    expect(created.statusCode, created.body).toBe(201)
    const recipients = await inject('GET', `/envelopes/${created.json().envelopeId}/recipients`)
    expect(recipients.json().signers[0]).toMatchObject({
      recipientId: '1',
      clientUserId: '1000',
      routingOrder: '2',
    })
  })

  it('reads null as absent', async () => {
    const created = await inject(
      'POST',
      '/envelopes',
      body(
        { smsAuthentication: null, phoneNumber: null, tabs: null },
        { emailBlurb: null, notification: null },
      ),
    )
    expect(created.statusCode, created.body).toBe(201)
  })

  it('keeps sequence strict: a number is 400 naming it', async () => {
    const response = await inject('POST', '/envelopes', {
      status: 'created',
      compositeTemplates: [
        {
          inlineTemplates: [{ sequence: 1, documents: body({}).documents, recipients: body({}).recipients }],
        },
      ],
    })
    expectInvalid(response, 'compositeTemplates[0].inlineTemplates[0].sequence must be a string')
  })

  it('schedules sending on a date given without a time (midnight UTC)', async () => {
    const created = await inject(
      'POST',
      '/envelopes',
      body({}, { status: 'sent', workflow: { scheduledSending: { rules: [{ resumeDate: '2099-12-01' }] } } }),
    )
    expect(created.statusCode, created.body).toBe(201)
    const envelope = await inject('GET', `/envelopes/${created.json().envelopeId}`)
    expect(envelope.json().workflow.scheduledSending.resumeDate).toBe('2099-12-01T00:00:00.000Z')
  })

  it("fills a template's list tab from templateRoles by label and value alone (eg017)", async () => {
    const list = {
      tabLabel: 'list',
      documentId: '1',
      pageNumber: '1',
      xPosition: '10',
      yPosition: '20',
      listItems: [
        { text: 'Red', value: 'red', selected: 'true' },
        { text: 'Green', value: 'green' },
      ],
    }
    const template = await inject('POST', '/templates', {
      name: 'Colors',
      documents: body({}).documents,
      recipients: { signers: [{ recipientId: '1', roleName: 'signer', tabs: { listTabs: [list] } }] },
    })
    expect(template.statusCode, template.body).toBe(201)
    const created = await inject('POST', '/envelopes', {
      status: 'created',
      templateId: template.json().templateId,
      templateRoles: [
        {
          roleName: 'signer',
          name: 'Ana',
          email: 'ana@example.test',
          clientUserId: 1000,
          tabs: { listTabs: [{ value: 'green', documentId: '1', pageNumber: '1', tabLabel: 'list' }] },
        },
      ],
    })
    expect(created.statusCode, created.body).toBe(201)
    const tabs = (await inject('GET', `/envelopes/${created.json().envelopeId}/recipients/1/tabs`)).json()
    expect(tabs.listTabs[0]).toMatchObject({ value: 'green', xPosition: '10' })
    expect(tabs.listTabs[0].listItems.map((item: { selected: string }) => item.selected)).toEqual([
      'false',
      'true',
    ])
  })

  it('still requires listItems of a list tab placed by the request', async () => {
    const response = await inject('POST', '/templates', {
      name: 'No items',
      documents: body({}).documents,
      recipients: {
        signers: [
          {
            recipientId: '1',
            roleName: 'signer',
            tabs: {
              listTabs: [{ tabLabel: 'l', documentId: '1', pageNumber: '1', xPosition: '1', yPosition: '1' }],
            },
          },
        ],
      },
    })
    expectInvalid(response, 'recipients.signers[0].tabs.listTabs[0].listItems is required')
  })
})
