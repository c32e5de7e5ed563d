import type { LightMyRequestResponse } from 'fastify'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countPdfPages } from '../documents/pdf.js'
import { makePdf } from '../documents/test-pdfs.js'
import { expectDocuSignShape } from '../testing/assertions.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'

const base = (accountId: string) => `/restapi/v2.1/accounts/${accountId}`
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const pdfs: Record<string, { bytes: Uint8Array; base64: string }> = {}
async function pdf(name: string, pages: number) {
  const bytes = await makePdf(pages, name)
  pdfs[name] = { bytes, base64: Buffer.from(bytes).toString('base64') }
  return pdfs[name].base64
}

const person = { name: 'Ana Ruiz', email: 'ana@example.test' }
const coordinator = { name: 'Cole Coordinator', email: 'cole@example.test' }
const sms = { countryCode: '57', number: '3001234567' }

describeEachDatabase('envelopes API', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  const ids: Record<string, string> = {}

  const post = (who: TestPrincipal, body: unknown, headers: Record<string, string> = {}) =>
    service.app.inject({
      method: 'POST',
      url: `${base(who.accountId)}/envelopes`,
      headers: { ...who.headers, ...headers },
      payload: body as object,
    })
  const get = (who: TestPrincipal, path: string) =>
    service.app.inject({ url: `${base(who.accountId)}${path}`, headers: who.headers })

  async function createTemplate(who: TestPrincipal, body: object): Promise<string> {
    const response = await service.app.inject({
      method: 'POST',
      url: `${base(who.accountId)}/templates`,
      headers: who.headers,
      payload: body,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().templateId
  }

  const signHere = (documentId: string) => ({
    signHereTabs: [{ documentId, pageNumber: '1', xPosition: '100', yPosition: '100' }],
  })

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
    ids.intake = await createTemplate(sender, {
      name: 'Intake',
      emailSubject: 'Intake subject',
      documents: [{ documentId: '1', name: 'Intake.pdf', documentBase64: await pdf('intake', 2) }],
      recipients: {
        signers: [
          { recipientId: '1', roleName: 'Signing Recipient #1', routingOrder: '1', tabs: signHere('1') },
          { recipientId: '2', roleName: 'Service Coordinator', routingOrder: '2', tabs: signHere('1') },
        ],
      },
    })
    ids.consent = await createTemplate(sender, {
      name: 'Consent',
      documents: [{ documentId: '1', name: 'Consent.pdf', documentBase64: await pdf('consent', 1) }],
      recipients: {
        signers: [
          { recipientId: '1', roleName: 'Signing Recipient #1', routingOrder: '1', tabs: signHere('1') },
        ],
      },
    })
    ids.release = await createTemplate(sender, {
      name: 'Release',
      documents: [
        { documentId: '1', name: 'Release.pdf', documentBase64: await pdf('release', 3) },
        { documentId: '2', name: 'Annex.pdf', documentBase64: await pdf('annex', 1) },
      ],
      recipients: {
        signers: [
          { recipientId: '1', roleName: 'Signing Recipient #1', routingOrder: '1', tabs: signHere('2') },
        ],
        carbonCopies: [{ recipientId: '2', roleName: 'Witness', routingOrder: '3' }],
      },
    })
    await pdf('inline', 2)
  })
  afterAll(() => service.close())

  const inline = (sequence: string, signers: object[], extra: object = {}) => ({
    sequence,
    recipients: { signers },
    ...extra,
  })
  const recipientOne = (extra: object = {}) => ({
    roleName: 'Signing Recipient #1',
    routingOrder: '1',
    ...person,
    ...extra,
  })

  function compositeRequest(status = 'sent') {
    return {
      status,
      emailSubject: 'Inkwell: please sign your case documents',
      emailBlurb: 'Hello',
      compositeTemplates: ['intake', 'consent', 'release'].map((name, index) => ({
        compositeTemplateId: String(index + 1),
        serverTemplates: [{ sequence: '1', templateId: ids[name] }],
        inlineTemplates: [
          inline(
            '2',
            [
              recipientOne({ deliveryMethod: 'SMS', phoneNumber: sms }),
              { roleName: 'Service Coordinator', routingOrder: '2', ...coordinator },
            ],
            {
              customFields: {
                textCustomFields: [
                  { name: 'CrmRecordId', value: '500A1', show: 'false', required: 'false' },
                  { name: 'CaseNumber', value: `C-${index}`, show: 'false', required: 'false' },
                ],
                listCustomFields: [{ name: 'Language', value: 'Spanish', listItems: ['English', 'Spanish'] }],
              },
            },
          ),
        ],
      })),
    }
  }

  async function created(response: LightMyRequestResponse): Promise<string> {
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId
  }

  describe('POST /envelopes with composite templates', () => {
    it('returns 201 with envelopeId, uri, statusDateTime and status', async () => {
      const response = await post(sender, compositeRequest())
      expect(response.statusCode, response.body).toBe(201)
      const body = response.json()
      expect(body.envelopeId).toMatch(GUID)
      expect(body).toEqual({
        envelopeId: body.envelopeId,
        uri: `/envelopes/${body.envelopeId}`,
        statusDateTime: expect.stringMatching(ISO_MS),
        status: 'sent',
      })
    })

    it('merges the three templates: documents in order, one recipient per role, custom fields', async () => {
      const envelopeId = await created(await post(sender, compositeRequest()))
      const envelope = (
        await get(sender, `/envelopes/${envelopeId}?include=recipients,documents,custom_fields`)
      ).json()
      expectDocuSignShape(envelope)
      expect(envelope).toMatchObject({
        envelopeId,
        status: 'sent',
        emailSubject: 'Inkwell: please sign your case documents',
        emailBlurb: 'Hello',
        createdDateTime: expect.stringMatching(ISO_MS),
        sentDateTime: expect.stringMatching(ISO_MS),
        statusChangedDateTime: expect.stringMatching(ISO_MS),
        lastModifiedDateTime: expect.stringMatching(ISO_MS),
        envelopeUri: `/envelopes/${envelopeId}`,
        documentsUri: `/envelopes/${envelopeId}/documents`,
        recipientsUri: `/envelopes/${envelopeId}/recipients`,
        customFieldsUri: `/envelopes/${envelopeId}/custom_fields`,
        sender: { userId: sender.userId },
      })
      expect(envelope.envelopeDocuments.map((document: { name: string }) => document.name)).toEqual([
        'Intake.pdf',
        'Consent.pdf',
        'Release.pdf',
        'Annex.pdf',
      ])
      expect(envelope.recipients.recipientCount).toBe('2')
      expect(envelope.customFields.textCustomFields).toEqual([
        { fieldId: '1', name: 'CrmRecordId', value: '500A1', show: 'false', required: 'false' },
        { fieldId: '2', name: 'CaseNumber', value: 'C-2', show: 'false', required: 'false' },
      ])
    })

    it('lists recipients with SMS delivery, routing orders and statuses', async () => {
      const envelopeId = await created(await post(sender, compositeRequest()))
      const response = await get(sender, `/envelopes/${envelopeId}/recipients?include_tabs=true`)
      expect(response.statusCode).toBe(200)
      const recipients = response.json()
      expectDocuSignShape(recipients)
      expect(recipients.carbonCopies).toEqual([])
      expect(recipients.recipientCount).toBe('2')
      expect(recipients.currentRoutingOrder).toBe('1')
      const [first, second] = recipients.signers
      expect(first).toMatchObject({
        recipientId: '1',
        recipientIdGuid: expect.stringMatching(GUID),
        roleName: 'Signing Recipient #1',
        routingOrder: '1',
        ...person,
        deliveryMethod: 'SMS',
        phoneNumber: sms,
        status: 'sent',
      })
      expect(first.tabs.signHereTabs.map((tab: { documentId: string }) => tab.documentId)).toEqual([
        '1',
        '2',
        '4',
      ])
      expect(second).toMatchObject({
        recipientId: '2',
        roleName: 'Service Coordinator',
        routingOrder: '2',
        ...coordinator,
        deliveryMethod: 'email',
        status: 'created',
      })
      expect(second.phoneNumber).toBeUndefined()
    })

    it('lists documents renumbered 1..N and serves their PDF bytes from the blob store', async () => {
      const envelopeId = await created(await post(sender, compositeRequest()))
      const list = (await get(sender, `/envelopes/${envelopeId}/documents`)).json()
      expectDocuSignShape(list)
      expect(list.envelopeId).toBe(envelopeId)
      expect(
        list.envelopeDocuments.map((document: Record<string, string> & { pages: object[] }) => [
          document.documentId,
          document.name,
          String(document.pages.length),
          document.order,
          document.type,
          document.uri,
        ]),
      ).toEqual([
        ['1', 'Intake.pdf', '2', '1', 'content', `/envelopes/${envelopeId}/documents/1`],
        ['2', 'Consent.pdf', '1', '2', 'content', `/envelopes/${envelopeId}/documents/2`],
        ['3', 'Release.pdf', '3', '3', 'content', `/envelopes/${envelopeId}/documents/3`],
        ['4', 'Annex.pdf', '1', '4', 'content', `/envelopes/${envelopeId}/documents/4`],
      ])
      const document = await get(sender, `/envelopes/${envelopeId}/documents/3`)
      expect(document.statusCode).toBe(200)
      expect(document.headers['content-type']).toBe('application/pdf')
      expect(new Uint8Array(document.rawPayload)).toEqual(pdfs.release?.bytes)
      expect((await get(sender, `/envelopes/${envelopeId}/documents/9`)).statusCode).toBe(404)
    })

    it('serves every document in one PDF as documents/combined', async () => {
      const envelopeId = await created(await post(sender, compositeRequest()))
      const combined = await get(sender, `/envelopes/${envelopeId}/documents/combined`)
      expect(combined.statusCode).toBe(200)
      expect(combined.headers['content-type']).toBe('application/pdf')
      expect(await countPdfPages(new Uint8Array(combined.rawPayload), 'combined')).toBe(2 + 1 + 3 + 1)
    })

    it('returns recipients with their tabs for include=recipients,tabs', async () => {
      const envelopeId = await created(await post(sender, compositeRequest()))
      const plain = (await get(sender, `/envelopes/${envelopeId}?include=recipients,extensions`)).json()
      expect(plain.recipients.signers[0].tabs).toBeUndefined()
      const withTabs = (await get(sender, `/envelopes/${envelopeId}?include=recipients,tabs`)).json()
      expect(withTabs.recipients.signers[0].tabs.signHereTabs).toHaveLength(3)
    })

    it('lists custom fields, the last composite overriding a field of the same name', async () => {
      const envelopeId = await created(await post(sender, compositeRequest()))
      const fields = (await get(sender, `/envelopes/${envelopeId}/custom_fields`)).json()
      expectDocuSignShape(fields)
      expect(
        fields.textCustomFields.map((field: { name: string; value: string }) => [field.name, field.value]),
      ).toEqual([
        ['CrmRecordId', '500A1'],
        ['CaseNumber', 'C-2'],
      ])
      expect(fields.listCustomFields).toEqual([
        {
          fieldId: '3',
          name: 'Language',
          value: 'Spanish',
          listItems: ['English', 'Spanish'],
          show: 'false',
          required: 'false',
        },
      ])
    })

    it('sends by email and SMS with additionalNotifications', async () => {
      const request = compositeRequest()
      request.compositeTemplates = request.compositeTemplates.slice(0, 1)
      request.compositeTemplates[0]!.inlineTemplates = [
        inline('2', [
          recipientOne({ additionalNotifications: [{ secondaryDeliveryMethod: 'SMS', phoneNumber: sms }] }),
        ]),
      ]
      const envelopeId = await created(await post(sender, request))
      const [signer] = (await get(sender, `/envelopes/${envelopeId}/recipients`)).json().signers
      expect(signer).toMatchObject({
        deliveryMethod: 'email',
        additionalNotifications: [{ secondaryDeliveryMethod: 'SMS', phoneNumber: sms }],
      })
    })

    it('removes roles left without a name and email when sent', async () => {
      const request = compositeRequest()
      request.compositeTemplates[0]!.inlineTemplates = [inline('2', [recipientOne()])]
      request.compositeTemplates = [request.compositeTemplates[0]!]
      const envelopeId = await created(await post(sender, request))
      const recipients = (await get(sender, `/envelopes/${envelopeId}/recipients`)).json()
      expect(recipients.signers.map((signer: { roleName: string }) => signer.roleName)).toEqual([
        'Signing Recipient #1',
      ])
    })
  })

  describe('drafts (status created)', () => {
    it('stores a draft: no sentDateTime, placeholder roles kept, recipients not sent', async () => {
      const request = compositeRequest('created')
      request.compositeTemplates[0]!.inlineTemplates = [inline('2', [recipientOne()])]
      request.compositeTemplates = [request.compositeTemplates[0]!]
      const response = await post(sender, request)
      expect(response.json().status).toBe('created')
      const envelopeId = await created(response)
      const envelope = (await get(sender, `/envelopes/${envelopeId}?include=recipients`)).json()
      expectDocuSignShape(envelope)
      expect(envelope.status).toBe('created')
      expect(envelope.sentDateTime).toBeUndefined()
      expect(
        envelope.recipients.signers.map((signer: Record<string, string>) => [
          signer.roleName,
          signer.status,
          signer.name,
        ]),
      ).toEqual([
        ['Signing Recipient #1', 'created', person.name],
        ['Service Coordinator', 'created', undefined],
      ])
    })

    it('defaults to a draft when status is absent', async () => {
      const { status: _status, ...request } = compositeRequest()
      const response = await post(sender, request)
      expect(response.json().status).toBe('created')
    })
  })

  describe('POST /envelopes with templateId and templateRoles', () => {
    it('fills the roles of one template', async () => {
      const response = await post(sender, {
        status: 'sent',
        templateId: ids.intake,
        templateRoles: [
          { roleName: 'Signing Recipient #1', ...person },
          { roleName: 'Service Coordinator', ...coordinator, deliveryMethod: 'email' },
        ],
        customFields: { textCustomFields: [{ name: 'CaseNumber', value: '77' }] },
      })
      const envelopeId = await created(response)
      const envelope = (
        await get(sender, `/envelopes/${envelopeId}?include=recipients,documents,custom_fields`)
      ).json()
      expect(envelope.emailSubject).toBe('Intake subject')
      expect(envelope.envelopeDocuments).toHaveLength(1)
      expect(envelope.recipients.signers.map((signer: { email: string }) => signer.email)).toEqual([
        person.email,
        coordinator.email,
      ])
      expect(envelope.customFields.textCustomFields[0]).toMatchObject({ name: 'CaseNumber', value: '77' })
    })
  })

  describe('POST /envelopes with inline documents', () => {
    it('stores the documents and serves the same bytes', async () => {
      const envelopeId = await created(
        await post(sender, {
          status: 'sent',
          emailSubject: 'Inline',
          documents: [
            { documentId: '5', name: 'Inline', fileExtension: 'pdf', documentBase64: pdfs.inline?.base64 },
          ],
          recipients: {
            signers: [{ recipientId: '1', ...person, tabs: signHere('5') }],
            carbonCopies: [{ recipientId: '2', routingOrder: '2', ...coordinator }],
          },
        }),
      )
      const documents = (await get(sender, `/envelopes/${envelopeId}/documents`)).json().envelopeDocuments
      expect(documents).toMatchObject([
        { documentId: '1', name: 'Inline', pages: [{ sequence: '1' }, { sequence: '2' }] },
      ])
      const bytes = await get(sender, `/envelopes/${envelopeId}/documents/1`)
      expect(new Uint8Array(bytes.rawPayload)).toEqual(pdfs.inline?.bytes)
      const recipients = (await get(sender, `/envelopes/${envelopeId}/recipients?include_tabs=true`)).json()
      expect(recipients.signers[0].tabs.signHereTabs[0].documentId).toBe('1')
      expect(recipients.carbonCopies).toMatchObject([
        { recipientId: '2', routingOrder: '2', status: 'created' },
      ])
    })
  })

  describe('400 INVALID_REQUEST_PARAMETER naming the field', () => {
    async function expect400(body: unknown, message: string) {
      const response = await post(sender, body)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json()).toEqual({ errorCode: 'INVALID_REQUEST_PARAMETER', message })
    }

    it('rejects an integer sequence', async () => {
      const request = compositeRequest() as {
        compositeTemplates: Array<{ serverTemplates: Array<Record<string, unknown>> }>
      }
      request.compositeTemplates[1]!.serverTemplates[0]!.sequence = 1
      await expect400(request, 'compositeTemplates[1].serverTemplates[0].sequence must be a string')
    })

    it('reads integer routingOrder and recipientId as their text', async () => {
      const request = compositeRequest()
      request.compositeTemplates[0]!.inlineTemplates = [
        inline('2', [recipientOne({ routingOrder: 1, recipientId: 1 })]),
      ]
      const response = await post(sender, request)
      expect(response.statusCode, response.body).toBe(201)
    })

    it('rejects an unknown templateId', async () => {
      const request = compositeRequest()
      request.compositeTemplates[2]!.serverTemplates[0]!.templateId = '11111111-1111-4111-8111-111111111111'
      await expect400(
        request,
        'compositeTemplates[2].serverTemplates[0].templateId "11111111-1111-4111-8111-111111111111" is not a template of this account',
      )
    })

    it('rejects a duplicate compositeTemplateId', async () => {
      const request = compositeRequest()
      request.compositeTemplates[2]!.compositeTemplateId = '1'
      await expect400(
        request,
        'compositeTemplates[2].compositeTemplateId "1" is not unique: compositeTemplates[0] uses it too',
      )
    })

    it('rejects a recipient without email, even with SMS delivery', async () => {
      const request = compositeRequest()
      request.compositeTemplates[0]!.inlineTemplates = [
        inline('2', [
          {
            roleName: 'Signing Recipient #1',
            routingOrder: '1',
            name: 'Ana',
            deliveryMethod: 'SMS',
            phoneNumber: sms,
          },
        ]),
      ]
      await expect400(
        request,
        'compositeTemplates[0].inlineTemplates[0].recipients.signers[0].email is required',
      )
    })

    it('rejects a bad status', async () => {
      await expect400({ ...compositeRequest(), status: 'completed' }, 'status must be one of: sent, created')
    })

    it('rejects a phone number that is not digits', async () => {
      const request = compositeRequest()
      request.compositeTemplates[0]!.inlineTemplates = [
        inline('2', [
          recipientOne({ deliveryMethod: 'SMS', phoneNumber: { countryCode: '+57', number: '300' } }),
        ]),
      ]
      await expect400(
        request,
        'compositeTemplates[0].inlineTemplates[0].recipients.signers[0].phoneNumber.countryCode has an invalid format',
      )
    })

    it('rejects a non-PDF inline document', async () => {
      await expect400(
        {
          status: 'sent',
          documents: [
            { documentId: '1', name: 'Notes', documentBase64: Buffer.from('plain text').toString('base64') },
          ],
          recipients: { signers: [person] },
        },
        'documents[0].documentBase64 is not a valid PDF',
      )
      await expect400(
        {
          documents: [
            { documentId: '1', name: 'Notes', fileExtension: 'exe', documentBase64: pdfs.inline?.base64 },
          ],
          recipients: { signers: [person] },
        },
        'documents[0].fileExtension "exe" is not a supported document format (supported: pdf, png, jpg, jpeg, html, htm, txt, rtf, doc, docx, odt, xls, xlsx, ods, ppt, pptx, pps, ppsx, odp)',
      )
    })

    it('rejects an envelope left without recipients', async () => {
      const request = compositeRequest()
      for (const composite of request.compositeTemplates) composite.inlineTemplates = []
      await expect400(request, 'The envelope has no recipients: every role lacks a name and an email')
    })

    it('rejects malformed JSON', async () => {
      const response = await service.app.inject({
        method: 'POST',
        url: `${base(sender.accountId)}/envelopes`,
        headers: { ...sender.headers, 'content-type': 'application/json' },
        payload: '{"status": "sent",',
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        errorCode: 'INVALID_REQUEST_PARAMETER',
        message: 'Request body is not valid JSON',
      })
    })

    it("rejects another account's template as unknown", async () => {
      const other = await seedPrincipal(service.ctx)
      const theirs = await createTemplate(other, { name: 'Theirs' })
      await expect400(
        { templateId: theirs, templateRoles: [] },
        `templateId "${theirs}" is not a template of this account`,
      )
    })
  })

  describe('template visibility', () => {
    it("uses shared templates and the sender's own, not another member's private ones", async () => {
      const owner = await seedPrincipal(service.ctx, { permissions: ['manage_templates', 'send_envelopes'] })
      const member = await seedPrincipal(service.ctx, {
        accountId: owner.accountId,
        permissions: ['send_envelopes'],
      })
      const body = (shared: string) => ({
        name: `Visibility ${shared}`,
        shared,
        documents: [{ documentId: '1', name: 'V.pdf', documentBase64: pdfs.inline?.base64 }],
        recipients: { signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1' }] },
      })
      const privateId = await createTemplate(owner, body('false'))
      const sharedId = await createTemplate(owner, body('true'))
      const request = (templateId: string) => ({
        status: 'sent',
        templateId,
        templateRoles: [{ roleName: 'Signer', ...person }],
      })
      await created(await post(owner, request(privateId)))
      await created(await post(member, request(sharedId)))
      const hidden = await post(member, request(privateId))
      expect(hidden.statusCode).toBe(400)
      expect(hidden.json().message).toBe(`templateId "${privateId}" is not a template of this account`)
    })
  })

  describe('OpenAPI', () => {
    it('documents the envelope routes', async () => {
      const response = await service.app.inject('/restapi/docs/json')
      expect(response.statusCode).toBe(200)
      const paths = Object.keys(response.json().paths)
      expect(paths).toEqual(
        expect.arrayContaining([
          '/restapi/v2.1/accounts/{accountId}/envelopes',
          '/restapi/v2.1/accounts/{accountId}/envelopes/{envelopeId}/documents/{documentId}',
        ]),
      )
    })
  })

  describe('limits and permissions', () => {
    it('returns 413 for a body over the limit', async () => {
      const small = await startTestService(await databases.freshUrl(), { BODY_LIMIT_BYTES: '2048' })
      try {
        const who = await seedPrincipal(small.ctx)
        const response = await small.app.inject({
          method: 'POST',
          url: `${base(who.accountId)}/envelopes`,
          headers: who.headers,
          payload: { status: 'sent', emailBlurb: 'x'.repeat(4096) },
        })
        expect(response.statusCode).toBe(413)
        expect(response.json()).toMatchObject({ errorCode: 'INVALID_REQUEST_PARAMETER' })
      } finally {
        await small.close()
      }
    })

    it('returns 403 without the send_envelopes permission, but lets members read', async () => {
      const reader = await seedPrincipal(service.ctx, { accountId: sender.accountId, permissions: [] })
      const response = await post(reader, compositeRequest())
      expect(response.statusCode).toBe(403)
      expect(response.json()).toMatchObject({ errorCode: 'USER_LACKS_PERMISSIONS' })
      const envelopeId = await created(await post(sender, compositeRequest()))
      expect((await get(reader, `/envelopes/${envelopeId}`)).statusCode).toBe(200)
    })
  })

  describe('Idempotency-Key', () => {
    it('returns the original envelope for the same key and body', async () => {
      const key = { 'idempotency-key': `key-${Date.now()}-same` }
      const first = await post(sender, compositeRequest(), key)
      const envelopeId = await created(first)
      const again = await post(sender, compositeRequest(), key)
      expect(again.statusCode).toBe(201)
      expect(again.json()).toEqual(first.json())
      expect(envelopeId).toBe(again.json().envelopeId)
    })

    it('returns 409 DUPLICATE_RESOURCE for the same key with another body', async () => {
      const key = { 'idempotency-key': `key-${Date.now()}-different` }
      await created(await post(sender, compositeRequest(), key))
      const response = await post(sender, { ...compositeRequest(), emailBlurb: 'Changed' }, key)
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ errorCode: 'DUPLICATE_RESOURCE' })
    })

    it('creates one envelope for concurrent duplicates', async () => {
      const storedEnvelopes = async () =>
        Number(
          (
            await service.ctx.db
              .selectFrom('envelopes')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .where('account_id', '=', sender.accountId)
              .executeTakeFirstOrThrow()
          ).n,
        )
      const before = await storedEnvelopes()
      const key = { 'idempotency-key': `key-${Date.now()}-concurrent` }
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => post(sender, compositeRequest(), key)),
      )
      expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201))
      expect(new Set(responses.map((response) => response.json().envelopeId)).size).toBe(1)
      expect((await storedEnvelopes()) - before).toBe(1)
    })

    it('keeps keys per account', async () => {
      const other = await seedPrincipal(service.ctx)
      const otherTemplate = await createTemplate(other, {
        name: 'Other',
        documents: [{ documentId: '1', name: 'O.pdf', documentBase64: pdfs.inline?.base64 }],
        recipients: { signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1' }] },
      })
      const key = { 'idempotency-key': 'shared-key' }
      const mine = await created(await post(sender, compositeRequest(), key))
      const theirs = await created(
        await post(
          other,
          { templateId: otherTemplate, templateRoles: [{ roleName: 'Signer', ...person }] },
          key,
        ),
      )
      expect(theirs).not.toBe(mine)
    })
  })

  describe('GET /envelopes (status changes)', () => {
    it('requires from_date unless envelope_ids is given', async () => {
      const response = await get(sender, '/envelopes')
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toBe('from_date is required unless envelope_ids is given')
      expect((await get(sender, '/envelopes?from_date=yesterday-ish')).json().message).toBe(
        'from_date must be a valid date',
      )
    })

    it('lists envelopes changed since from_date, filtered and paged', async () => {
      const who = await seedPrincipal(service.ctx)
      const template = await createTemplate(who, {
        name: 'Mine',
        documents: [{ documentId: '1', name: 'M.pdf', documentBase64: pdfs.inline?.base64 }],
        recipients: { signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1' }] },
      })
      const make = (status: string) =>
        post(who, { status, templateId: template, templateRoles: [{ roleName: 'Signer', ...person }] }).then(
          created,
        )
      const sent = [await make('sent'), await make('sent'), await make('sent')]
      const draft = await make('created')
      const since = '2000-01-01T00:00:00.000Z'

      const all = (await get(who, `/envelopes?from_date=${since}`)).json()
      expectDocuSignShape(all)
      expect(all).toMatchObject({
        resultSetSize: '4',
        totalSetSize: '4',
        startPosition: '0',
        endPosition: '3',
      })

      const onlySent = (await get(who, `/envelopes?from_date=${since}&status=sent`)).json()
      expect(
        onlySent.envelopes.map((envelope: { envelopeId: string }) => envelope.envelopeId).sort(),
      ).toEqual([...sent].sort())

      const page = (await get(who, `/envelopes?from_date=${since}&count=2&start_position=2`)).json()
      expect(page).toMatchObject({
        resultSetSize: '2',
        totalSetSize: '4',
        startPosition: '2',
        endPosition: '3',
      })
      expect(page.previousUri).toContain('start_position=0')
      expect(page.nextUri).toBeUndefined()

      const byId = (await get(who, `/envelopes?envelope_ids=${draft},${sent[0]}`)).json()
      expect(byId.totalSetSize).toBe('2')

      const future = (await get(who, `/envelopes?from_date=2999-01-01`)).json()
      expect(future).toMatchObject({ resultSetSize: '0', totalSetSize: '0', envelopes: [] })
    })

    it('finds envelopes by search_text in the subject or a recipient, and orders them by order and order_by', async () => {
      const who = await seedPrincipal(service.ctx)
      const template = await createTemplate(who, {
        name: 'Searchable',
        documents: [{ documentId: '1', name: 'S.pdf', documentBase64: pdfs.inline?.base64 }],
        recipients: { signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1' }] },
      })
      const make = (emailSubject: string, signer: { name: string; email: string }) =>
        post(who, {
          status: 'sent',
          emailSubject,
          templateId: template,
          templateRoles: [{ roleName: 'Signer', ...signer }],
        }).then(created)
      const lease = await make('Office lease 100% renewal', person)
      const nda = await make('NDA', { name: 'Zoe Quint', email: 'zoe@quint.test' })
      const other = await make('Invoice', person)
      const since = '2000-01-01T00:00:00.000Z'
      const ids = async (query: string) =>
        (await get(who, `/envelopes?from_date=${since}${query}`))
          .json()
          .envelopes.map((envelope: { envelopeId: string }) => envelope.envelopeId)

      expect(await ids('&search_text=LEASE')).toEqual([lease])
      expect(await ids('&search_text=100%25')).toEqual([lease])
      expect(await ids('&search_text=0%25%20r')).toEqual([lease])
      expect(await ids('&search_text=_')).toEqual([])
      expect(await ids('&search_text=quint')).toEqual([nda])
      expect(await ids('&search_text=Zoe%20Q')).toEqual([nda])
      expect(await ids('&search_text=%20%20')).toEqual([lease, nda, other])
      expect(await ids('&order=DESC&order_by=created')).toEqual([other, nda, lease])
      expect(await ids('&order=desc')).toEqual([other, nda, lease])
      const refused = await get(who, `/envelopes?from_date=${since}&order=sideways`)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toBe('order must be asc or desc')
      expect((await get(who, `/envelopes?from_date=${since}&order_by=subject`)).json().message).toBe(
        'order_by must be one of status_changed, created, last_modified',
      )
    })
  })

  describe('cross-account isolation', () => {
    it("returns 404 RESOURCE_NOT_FOUND for another account's envelope on every route, both ways", async () => {
      const a = await seedPrincipal(service.ctx)
      const b = await seedPrincipal(service.ctx)
      const envelopeOf = async (who: TestPrincipal) => {
        const template = await createTemplate(who, {
          name: 'T',
          documents: [{ documentId: '1', name: 'T.pdf', documentBase64: pdfs.inline?.base64 }],
          recipients: { signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1' }] },
        })
        return created(
          await post(who, {
            status: 'sent',
            templateId: template,
            templateRoles: [{ roleName: 'Signer', ...person }],
          }),
        )
      }
      const ofA = await envelopeOf(a)
      const ofB = await envelopeOf(b)
      for (const [who, theirs, mine] of [
        [a, ofB, ofA],
        [b, ofA, ofB],
      ] as const) {
        for (const path of ['', '/recipients', '/documents', '/documents/1', '/custom_fields']) {
          const response = await get(who, `/envelopes/${theirs}${path}`)
          expect(response.statusCode, path).toBe(404)
          expect(response.json()).toMatchObject({ errorCode: 'RESOURCE_NOT_FOUND' })
          expect((await get(who, `/envelopes/${mine}${path}`)).statusCode, path).toBe(200)
        }
        const listed = (await get(who, `/envelopes?envelope_ids=${theirs},${mine}`)).json()
        expect(listed.envelopes.map((envelope: { envelopeId: string }) => envelope.envelopeId)).toEqual([
          mine,
        ])
      }
    })

    it('returns 404 for an unknown envelope id', async () => {
      const response = await get(sender, '/envelopes/00000000-0000-4000-8000-000000000000')
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({
        errorCode: 'RESOURCE_NOT_FOUND',
        message: 'Envelope 00000000-0000-4000-8000-000000000000 was not found in this account',
      })
    })
  })
})
