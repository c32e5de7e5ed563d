import { describeEachDatabase } from 'platform/testing'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import type { createDelivery } from '../notifications/dispatch.js'
import { runMessagesRound } from '../notifications/outbox-job.js'
import { deliveryThrough } from '../notifications/testing/delivery.js'
import { startSmtpSink } from '../notifications/testing/smtp-sink.js'
import { startTwilioReceiver } from '../notifications/testing/twilio-receiver.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { embeddedSigningHeaders, injectAs } from '../testing/inject.js'

/**
 * Issue 21 for stored templates: a template role keeps its own settings (`emailNotification`,
 * `suppressEmails`, name parts, `customFields`, `note`, `excludedDocuments` with the template's
 * `enforceSignerVisibility`, and its default `deliveryMethod`), and a template its `workflow`. Each is
 * stored, returned, carried into the envelopes made from the template (the envelope's own value wins)
 * and acted on there as an envelope recipient's is: messages over a real SMTP listener and SMS
 * receiver, the note and the withheld documents through the signing API.
 */

const signHere = { documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }
const phone = { countryCode: '57', number: '3001234567' }

let sink: Awaited<ReturnType<typeof startSmtpSink>>
let sms: Awaited<ReturnType<typeof startTwilioReceiver>>
let lease: string
let annex: string

beforeAll(async () => {
  ;[sink, sms, lease, annex] = await Promise.all([
    startSmtpSink(),
    startTwilioReceiver(),
    makePdfBase64(1, 'Lease'),
    makePdfBase64(1, 'Annex'),
  ])
})
afterAll(async () => {
  await Promise.all([sink.close(), sms.close()])
})

describeEachDatabase('template role settings and template workflow', ({ freshUrl }) => {
  let service: TestService
  let sender: TestPrincipal
  let delivery: ReturnType<typeof createDelivery>

  beforeAll(async () => {
    service = await startTestService(await freshUrl())
    await service.ctx.jobs.stop()
    sender = await seedPrincipal(service.ctx)
  })
  afterAll(() => service.close())
  beforeEach(async () => {
    sink.received.length = 0
    sms.received.length = 0
    await service.ctx.db.deleteFrom('outbox').execute()
    delivery = deliveryThrough(sink, sms)
  })
  afterEach(() => delivery.close())

  const inject = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    injectAs(service, sender, method, path, payload)
  const sendAll = () =>
    runMessagesRound({
      db: service.ctx.db,
      dialect: service.ctx.database.dialect,
      now: () => Date.now(),
      publicUrl: service.ctx.publicUrl,
      dispatch: delivery.dispatch,
      owner: 'test-owner',
    })
  const mailTo = (address: string) =>
    sink.received.filter((mail) => (mail.headers.get('to') ?? '').includes(address))

  const documents = () => [
    { documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: lease },
    { documentId: '2', name: 'Annex', fileExtension: 'pdf', documentBase64: annex },
  ]
  const tenantSettings = {
    firstName: 'Ana',
    lastName: 'Ruiz',
    emailNotification: { emailSubject: 'Firme el contrato', emailBody: 'Gracias.', supportedLanguage: 'es' },
    customFields: ['crm:42'],
    note: 'Bring your ID.\nRoom 3.',
    excludedDocuments: ['2'],
  }

  async function createTemplate(body: Record<string, unknown> = {}): Promise<string> {
    const response = await inject('POST', '/templates', {
      name: 'Lease',
      emailSubject: 'Lease',
      enforceSignerVisibility: 'true',
      documents: documents(),
      recipients: {
        signers: [
          { recipientId: '1', roleName: 'Tenant', ...tenantSettings, tabs: { signHereTabs: [signHere] } },
        ],
        carbonCopies: [
          {
            recipientId: '2',
            roleName: 'Agent',
            routingOrder: '2',
            suppressEmails: 'true',
            deliveryMethod: 'SMS',
          },
        ],
      },
      ...body,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().templateId
  }

  async function createEnvelope(body: Record<string, unknown>): Promise<string> {
    const response = await inject('POST', '/envelopes', { status: 'sent', ...body })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId
  }

  const tenant = { roleName: 'Tenant', name: 'Ana Ruiz', email: 'ana@example.test' }
  /** The same tenant signing embedded (so invited by no message), for the signing API. */
  const embeddedTenant = { ...tenant, clientUserId: 'crm-ana' }
  const agent = { roleName: 'Agent', name: 'Carl', email: 'carl@example.test', phoneNumber: phone }

  describe('POST, PUT and GET /templates', () => {
    it('stores and returns every role setting, the default delivery and enforceSignerVisibility', async () => {
      const templateId = await createTemplate()
      const read = (await inject('GET', `/templates/${templateId}`)).json()
      expect(read.enforceSignerVisibility).toBe('true')
      expect(read.recipients.signers[0]).toMatchObject({ ...tenantSettings, name: 'Ana Ruiz' })
      expect(read.recipients.signers[0]).not.toHaveProperty('deliveryMethod')
      expect(read.recipients.carbonCopies[0]).toMatchObject({ suppressEmails: 'true', deliveryMethod: 'SMS' })
    })

    it('reads documentVisibility as excludedDocuments and refuses a document the template lacks', async () => {
      const templateId = await createTemplate({
        recipients: {
          signers: [
            {
              recipientId: '1',
              roleName: 'Tenant',
              documentVisibility: [{ documentId: '2', visible: 'false' }],
            },
          ],
        },
      })
      const read = (await inject('GET', `/templates/${templateId}`)).json()
      expect(read.recipients.signers[0].excludedDocuments).toEqual(['2'])
      const unknown = await inject('POST', '/templates', {
        name: 'Bad',
        documents: documents(),
        recipients: { signers: [{ recipientId: '1', roleName: 'Tenant', excludedDocuments: ['7'] }] },
      })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().message).toBe(
        'recipients.signers[0].excludedDocuments names document 7, which the template does not have',
      )
    })

    it('refuses a deliveryMethod other than email or SMS, naming it', async () => {
      const response = await inject('POST', '/templates', {
        name: 'Bad',
        recipients: { signers: [{ recipientId: '1', roleName: 'Tenant', deliveryMethod: 'fax' }] },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe('recipients.signers[0].deliveryMethod must be email or SMS')
    })

    it('keeps the settings when an update leaves the recipients out, and replaces them when it gives them', async () => {
      const templateId = await createTemplate()
      expect((await inject('PUT', `/templates/${templateId}`, { name: 'Renamed' })).statusCode).toBe(200)
      const kept = (await inject('GET', `/templates/${templateId}`)).json()
      expect(kept.recipients.signers[0].note).toBe(tenantSettings.note)
      expect(kept.enforceSignerVisibility).toBe('true')
      await inject('PUT', `/templates/${templateId}`, {
        enforceSignerVisibility: 'false',
        recipients: { signers: [{ recipientId: '1', roleName: 'Tenant', note: 'New note' }] },
      })
      const replaced = (await inject('GET', `/templates/${templateId}`)).json()
      expect(replaced.recipients.signers[0]).toMatchObject({ note: 'New note' })
      expect(replaced.recipients.signers[0]).not.toHaveProperty('emailNotification')
      expect(replaced).not.toHaveProperty('enforceSignerVisibility')
    })
  })

  describe('POST and PUT /templates/{templateId}/recipients', () => {
    it('adds a role with its settings and updates only the settings given', async () => {
      const templateId = await createTemplate()
      const added = await inject('POST', `/templates/${templateId}/recipients`, {
        certifiedDeliveries: [
          { recipientId: '3', roleName: 'Notary', note: 'Check the annex', deliveryMethod: 'sms' },
        ],
      })
      expect(added.statusCode, added.body).toBe(201)
      expect(added.json().certifiedDeliveries[0]).toMatchObject({
        note: 'Check the annex',
        deliveryMethod: 'SMS',
      })
      const updated = await inject('PUT', `/templates/${templateId}/recipients`, {
        signers: [
          { recipientId: '1', suppressEmails: 'true', emailNotification: { supportedLanguage: 'en' } },
        ],
        certifiedDeliveries: [{ recipientId: '3', deliveryMethod: 'email' }],
      })
      expect(updated.statusCode, updated.body).toBe(200)
      const read = (await inject('GET', `/templates/${templateId}`)).json()
      expect(read.recipients.signers[0]).toMatchObject({
        suppressEmails: 'true',
        emailNotification: { supportedLanguage: 'en' },
        note: tenantSettings.note,
        customFields: ['crm:42'],
      })
      expect(read.recipients.certifiedDeliveries[0]).toMatchObject({
        note: 'Check the annex',
        deliveryMethod: 'email',
      })
      const unknown = await inject('PUT', `/templates/${templateId}/recipients`, {
        signers: [{ recipientId: '1', excludedDocuments: ['9'] }],
      })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json().message).toContain('excludedDocuments names document 9')
    })
  })

  describe('envelopes made from the template', () => {
    it("carry the roles' settings, and act on them: language, subject, body, suppressed email, SMS", async () => {
      const templateId = await createTemplate()
      const envelopeId = await createEnvelope({ templateId, templateRoles: [tenant, agent] })
      const recipients = (await inject('GET', `/envelopes/${envelopeId}/recipients`)).json()
      expect(recipients.signers[0]).toMatchObject({ ...tenantSettings, deliveryMethod: 'email' })
      expect(recipients.carbonCopies[0]).toMatchObject({
        suppressEmails: 'true',
        deliveryMethod: 'SMS',
        phoneNumber: phone,
      })
      expect((await inject('GET', `/envelopes/${envelopeId}`)).json().enforceSignerVisibility).toBe('true')

      await sendAll()
      const [mail] = mailTo('ana@example.test')
      expect(mail?.subject).toBe('Firme el contrato')
      expect(mail?.text).toContain('Gracias.')
      expect(mail?.text).toContain('Revisar y firmar')
      // The agent's routing order comes second: nothing for it yet.
      expect(mailTo('carl@example.test')).toEqual([])
    })

    it("let the envelope's own values win: templateRoles and an inline template's recipient", async () => {
      const templateId = await createTemplate()
      const byRole = await createEnvelope({
        templateId,
        templateRoles: [
          {
            ...tenant,
            emailNotification: { emailSubject: 'Please sign', supportedLanguage: 'en' },
            deliveryMethod: 'SMS',
            phoneNumber: phone,
          },
          agent,
        ],
      })
      const byRoleRead = (await inject('GET', `/envelopes/${byRole}/recipients`)).json()
      expect(byRoleRead.signers[0]).toMatchObject({
        emailNotification: { emailSubject: 'Please sign', supportedLanguage: 'en' },
        deliveryMethod: 'SMS',
        note: tenantSettings.note,
      })
      await sendAll()
      expect(mailTo('ana@example.test')).toEqual([])
      expect(sms.received.map((message) => message.form.get('To'))).toEqual(['+573001234567'])

      const composite = await createEnvelope({
        compositeTemplates: [
          {
            serverTemplates: [{ sequence: '1', templateId }],
            inlineTemplates: [
              {
                sequence: '2',
                recipients: {
                  signers: [{ ...tenant, recipientId: '1', note: 'Inline note', excludedDocuments: [] }],
                  carbonCopies: [{ ...agent, recipientId: '2', routingOrder: '2', deliveryMethod: 'email' }],
                },
              },
            ],
          },
        ],
      })
      const compositeRead = (await inject('GET', `/envelopes/${composite}/recipients`)).json()
      expect(compositeRead.signers[0]).toMatchObject({ note: 'Inline note', excludedDocuments: [] })
      expect(compositeRead.signers[0].customFields).toEqual(['crm:42'])
      expect(compositeRead.carbonCopies[0]).toMatchObject({ deliveryMethod: 'email', suppressEmails: 'true' })
    })

    it('show the note on the signing page and withhold the excluded document', async () => {
      const templateId = await createTemplate()
      const envelopeId = await createEnvelope({ templateId, templateRoles: [embeddedTenant, agent] })
      const headers = await embeddedSigningHeaders(service, sender, envelopeId, {
        name: tenant.name,
        email: tenant.email,
        clientUserId: embeddedTenant.clientUserId,
      })
      const session = await service.app.inject({ url: '/signing/api/session', headers })
      expect(session.statusCode, session.body).toBe(200)
      expect(JSON.stringify(session.json())).toContain(JSON.stringify(tenantSettings.note))
      expect(session.json().documents.map((document: { name: string }) => document.name)).toEqual(['Lease'])
      expect((await service.app.inject({ url: '/signing/api/documents/2', headers })).statusCode).toBe(404)
      expect((await service.app.inject({ url: '/signing/api/documents/1', headers })).statusCode).toBe(200)
    })

    it('refuse with a 400 naming the role a role that delivers by SMS and is given no phone number', async () => {
      const templateId = await createTemplate()
      const response = await inject('POST', '/envelopes', {
        status: 'sent',
        templateId,
        templateRoles: [tenant, { ...agent, phoneNumber: undefined }],
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        errorCode: 'INVALID_REQUEST_PARAMETER',
        message: 'recipient 2 (role "Agent") has deliveryMethod SMS but no phoneNumber',
      })
      // A draft may leave the number for later; sending it without one is the same 400.
      const draft = await createEnvelope({
        status: 'created',
        templateId,
        templateRoles: [tenant, { ...agent, phoneNumber: undefined }],
      })
      const send = await inject('PUT', `/envelopes/${draft}`, { status: 'sent' })
      expect(send.statusCode).toBe(400)
      expect(send.json().message).toBe('recipient 2 (role "Agent") has deliveryMethod SMS but no phoneNumber')
    })
  })

  describe("the template's workflow", () => {
    const pauseBeforeAgent = {
      workflowSteps: [{ action: 'pause_before', triggerOnItem: 'routing_order', itemId: '2' }],
    }

    it('is stored, returned and carried into its envelopes, which pause before the routing order', async () => {
      const templateId = await createTemplate({ workflow: pauseBeforeAgent })
      const read = (await inject('GET', `/templates/${templateId}`)).json()
      expect(read.workflow).toEqual(pauseBeforeAgent)
      const envelopeId = await createEnvelope({ templateId, templateRoles: [tenant, agent] })
      const envelope = (await inject('GET', `/envelopes/${envelopeId}`)).json()
      expect(envelope.workflow.workflowSteps).toHaveLength(1)
      expect(envelope.workflow.workflowSteps[0]).toMatchObject({ itemId: '2', action: 'pause_before' })
    })

    it('keeps holding over the roles: deleting the role its step pauses before is refused', async () => {
      const templateId = await createTemplate({ workflow: pauseBeforeAgent })
      const response = await service.app.inject({
        method: 'DELETE',
        url: `/restapi/v2.1/accounts/${sender.accountId}/templates/${templateId}/recipients/2`,
        headers: sender.headers,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe(
        'workflow.workflowSteps[0].itemId 2 is not the routing order of any recipient (1)',
      )
      const read = (await inject('GET', `/templates/${templateId}`)).json()
      expect(read.recipients.carbonCopies).toHaveLength(1)
    })

    it("yields to the envelope's own workflow", async () => {
      const templateId = await createTemplate({ workflow: pauseBeforeAgent })
      const envelopeId = await createEnvelope({
        templateId,
        templateRoles: [tenant, agent],
        workflow: {
          scheduledSending: { rules: [{ resumeDate: new Date(Date.now() + 86_400_000).toISOString() }] },
        },
      })
      const envelope = (await inject('GET', `/envelopes/${envelopeId}`)).json()
      expect(envelope.workflow.workflowSteps ?? []).toEqual([])
      expect(envelope.workflow.scheduledSending).toBeDefined()
    })

    it('makes its conditional-recipient placeholder role a recipient of the envelope, chosen by the rule', async () => {
      const checkbox = {
        documentId: '1',
        pageNumber: '1',
        xPosition: '50',
        yPosition: '50',
        tabLabel: 'Approve',
        selected: 'false',
      }
      const workflow = {
        workflowSteps: [
          {
            action: 'pause_before',
            triggerOnItem: 'routing_order',
            itemId: '2',
            recipientRouting: {
              rules: {
                conditionalRecipients: [
                  {
                    recipientId: '2',
                    order: '0',
                    recipientGroup: {
                      groupName: 'Approver',
                      recipients: [
                        { recipientLabel: 'a', name: 'Approver A', email: 'a@example.test' },
                        { recipientLabel: 'b', name: 'Approver B', email: 'b@example.test' },
                      ],
                    },
                    conditions: [
                      {
                        recipientLabel: 'a',
                        order: '1',
                        filters: [
                          {
                            scope: 'tabs',
                            recipientId: '1',
                            tabLabel: 'Approve',
                            operator: 'equals',
                            value: 'true',
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            },
          },
        ],
      }
      const templateId = await createTemplate({
        enforceSignerVisibility: 'false',
        recipients: {
          signers: [
            {
              recipientId: '1',
              roleName: 'Purchaser',
              tabs: { signHereTabs: [signHere], checkboxTabs: [checkbox] },
            },
            { recipientId: '2', roleName: 'Approver', routingOrder: '2', tabs: { signHereTabs: [signHere] } },
          ],
        },
        workflow,
      })
      const envelopeId = await createEnvelope({
        templateId,
        templateRoles: [{ roleName: 'Purchaser', name: 'Pia', email: 'pia@example.test' }],
      })
      const recipients = (await inject('GET', `/envelopes/${envelopeId}/recipients`)).json()
      expect(recipients.signers.map((signer: { roleName: string }) => signer.roleName)).toEqual([
        'Purchaser',
        'Approver',
      ])
      const envelope = (await inject('GET', `/envelopes/${envelopeId}`)).json()
      expect(
        envelope.workflow.workflowSteps[0].recipientRouting.rules.conditionalRecipients[0],
      ).toMatchObject({
        recipientId: '2',
      })
    })

    it('refuses what an envelope refuses, with the same message', async () => {
      const workflow = {
        workflowSteps: [
          {
            action: 'pause_before',
            triggerOnItem: 'routing_order',
            itemId: '2',
            delayedRouting: { rules: [{ delay: '1.00:00:00' }] },
            status: 'completed',
          },
        ],
      }
      const asTemplate = await inject('POST', '/templates', {
        name: 'Bad',
        documents: documents(),
        recipients: {
          signers: [{ recipientId: '1', roleName: 'Tenant' }],
          carbonCopies: [{ recipientId: '2', roleName: 'Agent', routingOrder: '2' }],
        },
        workflow,
      })
      const asEnvelope = await inject('POST', '/envelopes', {
        status: 'created',
        documents: documents(),
        recipients: {
          signers: [{ recipientId: '1', name: 'Ana', email: 'ana@example.test' }],
          carbonCopies: [{ recipientId: '2', name: 'Carl', email: 'carl@example.test', routingOrder: '2' }],
        },
        workflow,
      })
      expect(asEnvelope.statusCode).toBe(400)
      expect(asTemplate.statusCode).toBe(400)
      expect(asTemplate.json()).toEqual(asEnvelope.json())
    })
  })
})
