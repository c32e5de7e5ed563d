import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { expectInvalid } from '../testing/assertions.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { injectAs } from '../testing/inject.js'

/** DocuSign keeps the caller's recipient ids: create, read, tabs lookup, correction, templates. */
describeEachDatabase('recipient ids as the caller gave them', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let onePage: string

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
    onePage = await makePdfBase64(1)
  })
  afterAll(() => service?.close())

  const inject = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
    injectAs(service, sender, method, path, payload)
  const signHere = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }
  const documents = () => [
    { documentId: '1', name: 'One.pdf', fileExtension: 'pdf', documentBase64: onePage },
  ]

  describe('POST /envelopes with documents and recipients', () => {
    let envelopeId: string
    beforeAll(async () => {
      const created = await inject('POST', '/envelopes', {
        status: 'sent',
        emailSubject: 'Ids',
        documents: documents(),
        recipients: {
          signers: [
            { recipientId: '5', name: 'Ana', email: 'ana@example.test', tabs: { signHereTabs: [signHere] } },
            {
              recipientId: '9',
              name: 'Ben',
              email: 'ben@example.test',
              routingOrder: '2',
              tabs: { textTabs: [{ ...signHere, tabLabel: 'Note', yPosition: '200' }] },
            },
          ],
          carbonCopies: [{ recipientId: '12', name: 'Cy', email: 'cy@example.test', routingOrder: '3' }],
        },
      })
      expect(created.statusCode, created.body).toBe(201)
      envelopeId = created.json().envelopeId
    })

    it('returns the ids 5, 9 and 12 in the recipients list', async () => {
      const response = await inject('GET', `/envelopes/${envelopeId}/recipients`)
      expect(response.statusCode, response.body).toBe(200)
      const body = response.json()
      expect(body.signers.map((signer: { recipientId: string }) => signer.recipientId)).toEqual(['5', '9'])
      expect(body.carbonCopies[0].recipientId).toBe('12')
    })

    it('finds the tabs of recipient 9', async () => {
      const response = await inject('GET', `/envelopes/${envelopeId}/recipients/9/tabs`)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().textTabs).toEqual([expect.objectContaining({ tabLabel: 'Note' })])
    })

    it('corrects recipient 9 by its id', async () => {
      const response = await inject('PUT', `/envelopes/${envelopeId}/recipients`, {
        signers: [{ recipientId: '9', email: 'ben.new@example.test' }],
      })
      expect(response.statusCode, response.body).toBe(200)
      const recipients = (await inject('GET', `/envelopes/${envelopeId}/recipients`)).json()
      expect(recipients.signers[1]).toMatchObject({ recipientId: '9', email: 'ben.new@example.test' })
    })
  })

  it('refuses two recipients with one id: 400 naming the id', async () => {
    const response = await inject('POST', '/envelopes', {
      status: 'created',
      documents: documents(),
      recipients: {
        signers: [{ recipientId: '4', name: 'Ana', email: 'ana@example.test' }],
        carbonCopies: [{ recipientId: '4', name: 'Cy', email: 'cy@example.test' }],
      },
    })
    expectInvalid(response, 'recipients.carbonCopies[0].recipientId 4 is used by another recipient')
  })

  it('keeps a template role id in the template and in the envelope made from it', async () => {
    const template = await inject('POST', '/templates', {
      name: 'Ids',
      documents: documents(),
      recipients: {
        signers: [
          {
            recipientId: '7',
            roleName: 'Client',
            tabs: { signHereTabs: [{ ...signHere, recipientId: '7' }] },
          },
        ],
        carbonCopies: [{ recipientId: '21', roleName: 'Observer' }],
      },
    })
    expect(template.statusCode, template.body).toBe(201)
    const templateId = template.json().templateId
    const stored = (await inject('GET', `/templates/${templateId}`)).json()
    expect(stored.recipients.signers[0].recipientId).toBe('7')
    const created = await inject('POST', '/envelopes', {
      status: 'sent',
      templateId,
      templateRoles: [
        { roleName: 'Client', name: 'Ana', email: 'ana@example.test' },
        { roleName: 'Observer', name: 'Cy', email: 'cy@example.test' },
      ],
    })
    expect(created.statusCode, created.body).toBe(201)
    const tabs = await inject('GET', `/envelopes/${created.json().envelopeId}/recipients/7/tabs`)
    expect(tabs.statusCode, tabs.body).toBe(200)
    expect(tabs.json().signHereTabs[0].recipientId).toBe('7')
    const recipients = (await inject('GET', `/envelopes/${created.json().envelopeId}/recipients`)).json()
    expect(recipients.carbonCopies[0].recipientId).toBe('21')
  })
})
