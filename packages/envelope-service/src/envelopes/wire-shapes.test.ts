import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { everyTabType } from '../tabs/testing/every-tab-type.js'
import { withoutTabIds } from '../tabs/testing/tab-ids.js'
import { expectDocuSignShape } from '../testing/assertions.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'

/**
 * What a client sends is validated like a template's and comes back: every tab type, every
 * recipient type, the envelope's notification and eventNotification; what is not supported is a
 * 400 naming it. And the status-change list refuses queries it cannot answer correctly.
 */

const base = (accountId: string) => `/restapi/v2.1/accounts/${accountId}`
const person = { name: 'Ana Ruiz', email: 'ana@example.test' }

describeEachDatabase('envelope wire shapes', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let onePage: string
  let templateId: string

  const post = (path: string, body: unknown) =>
    service.app.inject({
      method: 'POST',
      url: `${base(sender.accountId)}${path}`,
      headers: sender.headers,
      payload: body as object,
    })
  const get = (path: string) =>
    service.app.inject({ url: `${base(sender.accountId)}${path}`, headers: sender.headers })
  const createEnvelope = async (body: object) => {
    const response = await post('/envelopes', body)
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId as string
  }
  const recipientsOf = async (envelopeId: string) => {
    const response = await get(`/envelopes/${envelopeId}/recipients?include_tabs=true`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
    onePage = await makePdfBase64(1)
    const template = await post('/templates', {
      name: 'Every tab',
      documents: [{ documentId: '1', name: 'One.pdf', documentBase64: onePage }],
      recipients: {
        signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1', tabs: everyTabType('1') }],
        inPersonSigners: [
          {
            recipientId: '2',
            roleName: 'Walk-in',
            routingOrder: '2',
            tabs: { signHereTabs: everyTabType('1').signHereTabs },
          },
        ],
      },
    })
    expect(template.statusCode, template.body).toBe(201)
    templateId = template.json().templateId
  })
  afterAll(() => service.close())

  const inlineRequest = (tabs: object) => ({
    status: 'sent',
    compositeTemplates: [
      {
        inlineTemplates: [
          {
            sequence: '1',
            documents: [{ documentId: '1', name: 'One.pdf', documentBase64: onePage }],
            recipients: { signers: [{ ...person, recipientId: '1', tabs }] },
          },
        ],
      },
    ],
  })
  const inlinePath = 'compositeTemplates[0].inlineTemplates[0].recipients.signers[0].tabs'

  describe('inline tabs are validated exactly like template tabs', () => {
    const at = { documentId: '1', pageNumber: '1', xPosition: '10', yPosition: '10' }
    const cases: Array<{ name: string; tabs: object; message: string }> = [
      {
        name: 'a page the document does not have',
        tabs: { textTabs: [{ ...at, pageNumber: '99' }] },
        message: 'textTabs[0].pageNumber 99 is outside document 1, which has 1 page(s)',
      },
      {
        name: 'a position that is not a number',
        tabs: { textTabs: [{ ...at, xPosition: 'abc' }] },
        message: 'textTabs[0].xPosition has an invalid format',
      },
      {
        name: 'an unknown tab type',
        tabs: { stampTabs: [at] },
        message: 'stampTabs is not a supported tab type',
      },
      {
        name: 'neither a position nor an anchor',
        tabs: { signHereTabs: [{ documentId: '1', pageNumber: '1' }] },
        message: 'signHereTabs[0].xPosition is required when the tab has no anchorString',
      },
      {
        name: 'a document that is not there',
        tabs: { signHereTabs: [{ ...at, documentId: '7' }] },
        message: 'signHereTabs[0].documentId 7 is not a document of',
      },
      {
        name: 'a list value that is not one of its items',
        tabs: { listTabs: [{ ...at, value: 'x', listItems: [{ text: 'A', value: 'a' }] }] },
        message: 'listTabs[0].value must be the value of one of its listItems',
      },
      {
        name: 'a radio without a position',
        tabs: { radioGroupTabs: [{ documentId: '1', groupName: 'g', radios: [{ value: 'a' }] }] },
        message: 'radioGroupTabs[0].radios[0].pageNumber is required when the tab has no anchorString',
      },
    ]
    for (const { name, tabs, message } of cases) {
      it(`refuses ${name} on POST /envelopes and on POST /templates`, async () => {
        const envelope = await post('/envelopes', inlineRequest(tabs))
        expect(envelope.statusCode, envelope.body).toBe(400)
        expect(envelope.json().errorCode).toBe('INVALID_REQUEST_PARAMETER')
        expect(envelope.json().message).toContain(`${inlinePath}.${message}`)
        const template = await post('/templates', {
          name: 'Bad tab',
          documents: [{ documentId: '1', name: 'One.pdf', documentBase64: onePage }],
          recipients: { signers: [{ recipientId: '1', roleName: 'R', tabs }] },
        })
        expect(template.statusCode, template.body).toBe(400)
        expect(template.json().message).toContain(`recipients.signers[0].tabs.${message}`)
      })
    }

    it('accepts an inline tab without a position that pre-fills a server template tab by label', async () => {
      const envelopeId = await createEnvelope({
        status: 'sent',
        compositeTemplates: [
          {
            serverTemplates: [{ sequence: '1', templateId }],
            inlineTemplates: [
              {
                sequence: '2',
                recipients: {
                  signers: [
                    {
                      roleName: 'Signer',
                      ...person,
                      tabs: {
                        textTabs: [{ tabLabel: 'case', value: 'C-9' }],
                        listTabs: [
                          {
                            tabLabel: 'language',
                            value: 'en',
                            listItems: [{ text: 'English', value: 'en' }],
                          },
                        ],
                        radioGroupTabs: [
                          { groupName: 'plan', radios: [{ value: 'basic', selected: 'true' }] },
                        ],
                      },
                    },
                  ],
                  inPersonSigners: [
                    {
                      roleName: 'Walk-in',
                      hostName: 'Hugo Host',
                      hostEmail: 'host@example.test',
                      signerName: 'Vera',
                    },
                  ],
                },
              },
            ],
          },
        ],
      })
      const { signers, inPersonSigners } = await recipientsOf(envelopeId)
      const tabs = withoutTabIds(signers[0].tabs)
      expect(tabs.textTabs).toEqual([{ ...everyTabType('1').textTabs[0], value: 'C-9' }])
      expect(tabs.radioGroupTabs[0].radios).toEqual([
        { pageNumber: '1', xPosition: '170', yPosition: '100', value: 'basic', selected: 'true' },
        { pageNumber: '1', xPosition: '180', yPosition: '100', value: 'pro', selected: 'false' },
      ])
      expect(tabs.listTabs[0]).toMatchObject({ value: 'en', xPosition: '160' })
      expect(inPersonSigners).toHaveLength(1)
      expect(inPersonSigners[0]).toMatchObject({
        roleName: 'Walk-in',
        recipientType: 'inPersonSigner',
        hostName: 'Hugo Host',
        hostEmail: 'host@example.test',
        signerName: 'Vera',
        routingOrder: '2',
      })
      expect(withoutTabIds(inPersonSigners[0].tabs)).toEqual({ signHereTabs: everyTabType('1').signHereTabs })
    })

    it('refuses a label-only inline tab that matches no template tab', async () => {
      const response = await post('/envelopes', {
        compositeTemplates: [
          {
            serverTemplates: [{ sequence: '1', templateId }],
            inlineTemplates: [
              {
                sequence: '2',
                recipients: {
                  signers: [
                    { roleName: 'Signer', ...person, tabs: { textTabs: [{ tabLabel: 'nope', value: 'x' }] } },
                  ],
                },
              },
            ],
          },
        ],
      })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().message).toBe(
        `${inlinePath}.textTabs[0].documentId is required when the tab has no anchorString`,
      )
    })
  })

  describe('nothing a client sends is dropped', () => {
    it('round-trips every tab type and every recipient type through an envelope', async () => {
      const tabs = everyTabType('1')
      const envelopeId = await createEnvelope({
        status: 'created',
        documents: [{ documentId: '1', name: 'One.pdf', documentBase64: onePage }],
        recipients: {
          signers: [{ ...person, recipientId: '1', routingOrder: '1', tabs, accessCode: '1234' }],
          carbonCopies: [{ name: 'Cy Copy', email: 'cc@example.test', routingOrder: '2' }],
          certifiedDeliveries: [{ name: 'Del Ivery', email: 'del@example.test', routingOrder: '2' }],
          inPersonSigners: [
            {
              hostName: 'Hugo Host',
              hostEmail: 'host@example.test',
              signerName: 'Vera Visitor',
              signerEmail: 'vera@example.test',
              routingOrder: '1',
              tabs: { initialHereTabs: tabs.initialHereTabs },
            },
          ],
        },
      })
      const recipients = await recipientsOf(envelopeId)
      expectDocuSignShape(recipients)
      expect(recipients.recipientCount).toBe('4')
      // The read shows the values the service fills itself (the recipient's name and email).
      const filledByService = new Set(['fullNameTabs', 'emailTabs', 'emailAddressTabs', 'dateSignedTabs'])
      const withoutFilledValues = (byType: Record<string, Array<Record<string, unknown>>>) =>
        Object.fromEntries(
          Object.entries(byType).map(([type, list]) => [
            type,
            filledByService.has(type) ? list.map(({ value: _, ...tab }) => tab) : list,
          ]),
        )
      const read = withoutTabIds(recipients.signers[0].tabs)
      expect(withoutFilledValues(read)).toEqual(withoutFilledValues(tabs))
      expect(read.textTabs).toEqual(tabs.textTabs)
      expect(recipients.signers[0].accessCode).toBeUndefined()
      expect(recipients.carbonCopies).toMatchObject([
        { recipientType: 'carbonCopy', name: 'Cy Copy', routingOrder: '2' },
      ])
      expect(recipients.certifiedDeliveries).toMatchObject([
        { recipientType: 'certifiedDelivery', name: 'Del Ivery', email: 'del@example.test' },
      ])
      expect(recipients.inPersonSigners).toMatchObject([
        {
          recipientType: 'inPersonSigner',
          hostName: 'Hugo Host',
          hostEmail: 'host@example.test',
          signerName: 'Vera Visitor',
          signerEmail: 'vera@example.test',
          tabs: { initialHereTabs: tabs.initialHereTabs },
        },
      ])
      const envelope = (await get(`/envelopes/${envelopeId}?include=recipients`)).json()
      expect(envelope.recipients.certifiedDeliveries).toHaveLength(1)
      expect(envelope.recipients.inPersonSigners).toHaveLength(1)
    })

    it('stores and returns notification and eventNotification', async () => {
      const envelopeId = await createEnvelope({
        status: 'sent',
        templateId,
        templateRoles: [
          { roleName: 'Signer', ...person },
          { roleName: 'Walk-in', name: 'Hugo Host', email: 'host@example.test', inPersonSignerName: 'Vera' },
        ],
        notification: {
          useAccountDefaults: 'false',
          reminders: { reminderEnabled: 'true', reminderDelay: '2', reminderFrequency: '3' },
          expirations: { expireEnabled: 'true', expireAfter: '30', expireWarn: '5' },
        },
        eventNotification: {
          url: 'https://hooks.example.com/docusign',
          requireAcknowledgment: 'true',
          includeHMAC: 'true',
          envelopeEvents: [{ envelopeEventStatusCode: 'Completed' }],
          recipientEvents: [{ recipientEventStatusCode: 'Delivered' }],
          events: ['envelope-sent'],
          eventData: { version: 'restv2.1', format: 'json', includeData: ['recipients'] },
        },
      })
      const envelope = (await get(`/envelopes/${envelopeId}`)).json()
      expectDocuSignShape(envelope)
      expect(envelope.notification).toEqual({
        useAccountDefaults: 'false',
        reminders: { reminderEnabled: 'true', reminderDelay: '2', reminderFrequency: '3' },
        expirations: { expireEnabled: 'true', expireAfter: '30', expireWarn: '5' },
      })
      expect(envelope.eventNotification).toEqual({
        url: 'https://hooks.example.com/docusign',
        events: ['envelope-sent', 'envelope-completed', 'recipient-delivered'],
        includeHMAC: 'true',
        requireAcknowledgment: 'true',
        loggingEnabled: 'false',
        eventData: { version: 'restv2.1', format: 'json', includeData: ['recipients'] },
      })
      const { inPersonSigners } = await recipientsOf(envelopeId)
      expect(inPersonSigners).toMatchObject([{ hostName: 'Hugo Host', signerName: 'Vera' }])
    })

    it('omits notification and eventNotification when the request had none', async () => {
      const envelopeId = await createEnvelope({
        templateId,
        templateRoles: [{ roleName: 'Signer', ...person }],
      })
      const envelope = (await get(`/envelopes/${envelopeId}`)).json()
      expect(envelope).not.toHaveProperty('notification')
      expect(envelope).not.toHaveProperty('eventNotification')
    })
  })

  describe('what is not supported is a 400 that names it', () => {
    for (const list of ['agents', 'editors', 'intermediaries', 'witnesses', 'seals']) {
      it(`refuses recipients.${list}`, async () => {
        const response = await post('/envelopes', {
          documents: [{ documentId: '1', name: 'One.pdf', documentBase64: onePage }],
          recipients: { signers: [{ ...person }], [list]: [{ ...person }] },
        })
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json().message).toMatch(
          new RegExp(`^recipients\\.${list} is not a supported recipient type`),
        )
      })
    }

    it('refuses tabs on a recipient who does not sign', async () => {
      for (const list of ['carbonCopies', 'certifiedDeliveries']) {
        const response = await post('/envelopes', {
          documents: [{ documentId: '1', name: 'One.pdf', documentBase64: onePage }],
          recipients: { [list]: [{ ...person, tabs: { signHereTabs: [{ anchorString: 'x' }] } }] },
        })
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json().message).toBe(
          `recipients.${list}[0].tabs is not allowed: only signers and in-person signers have tabs`,
        )
      }
    })

    it('names the inline template of an unsupported recipient type', async () => {
      const response = await post('/envelopes', {
        compositeTemplates: [
          {
            serverTemplates: [{ sequence: '1', templateId }],
            inlineTemplates: [{ sequence: '2', recipients: { editors: [{ ...person }] } }],
          },
        ],
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toMatch(
        /^compositeTemplates\[0\]\.inlineTemplates\[0\]\.recipients\.editors is not a supported recipient type/,
      )
    })

    const webhook = (eventNotification: object) =>
      post('/envelopes', {
        templateId,
        templateRoles: [{ roleName: 'Signer', ...person }],
        eventNotification,
      })

    it('refuses an unknown event, a private webhook URL and an event notification without events', async () => {
      const unknown = await webhook({ url: 'https://hooks.example.com/', events: ['envelope-exploded'] })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().message).toMatch(
        /^eventNotification\.events\[0\] "envelope-exploded" is not a supported event/,
      )
      const oldStyle = await webhook({
        url: 'https://hooks.example.com/',
        envelopeEvents: [{ envelopeEventStatusCode: 'Melted' }],
      })
      expect(oldStyle.json().message).toBe(
        'eventNotification.envelopeEvents[0].envelopeEventStatusCode "Melted" is not a supported event',
      )
      const loopback = await webhook({ url: 'http://127.0.0.1:8080/', events: ['envelope-sent'] })
      expect(loopback.statusCode).toBe(400)
      expect(loopback.json().message).toMatch(/^eventNotification\.url points to a private/)
      const none = await webhook({ url: 'https://hooks.example.com/' })
      expect(none.json().message).toBe(
        'eventNotification needs events (or envelopeEvents/recipientEvents) to deliver',
      )
    })

    it('refuses an expiration that warns after it expires', async () => {
      const response = await post('/envelopes', {
        templateId,
        templateRoles: [{ roleName: 'Signer', ...person }],
        notification: { expirations: { expireEnabled: 'true', expireAfter: '3', expireWarn: '5' } },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(
        'notification.expirations.expireWarn must be less than expireAfter',
      )
    })
  })

  describe('GET /envelopes query validation', () => {
    for (const query of [
      'from_date=2020-01-01&start_position=99999999999999999999',
      'from_date=2020-01-01&start_position=2147483648',
      'from_date=99999-01-01',
      'from_date=+099999-01-01T00:00:00Z',
      'from_date=-000001-01-01T00:00:00Z',
      'from_date=2020-01-01&to_date=99999-01-01',
      'from_date=2020-13-45',
      'from_date=not-a-date',
    ]) {
      it(`returns 400 for ${query}`, async () => {
        const response = await get(`/envelopes?${query.replaceAll('+', '%2B')}`)
        expect(response.statusCode, response.body).toBe(400)
        expect(response.json().errorCode).toBe('INVALID_REQUEST_PARAMETER')
      })
    }

    it('lists with a far but valid date range and the largest start_position', async () => {
      await createEnvelope({ templateId, templateRoles: [{ roleName: 'Signer', ...person }] })
      const all = (await get('/envelopes?from_date=0001-01-01&to_date=9999-12-31')).json()
      expect(Number(all.totalSetSize)).toBeGreaterThan(0)
      const none = (await get('/envelopes?from_date=9999-01-01')).json()
      expect(none.totalSetSize).toBe('0')
      const beyond = await get('/envelopes?from_date=2000-01-01&start_position=2147483647')
      expect(beyond.statusCode, beyond.body).toBe(200)
      expect(beyond.json()).toMatchObject({ resultSetSize: '0', envelopes: [] })
      expect(beyond.json().totalSetSize).toBe(all.totalSetSize)
    })
  })
})
