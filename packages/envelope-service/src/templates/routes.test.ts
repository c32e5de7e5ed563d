import { fixedRecipientSettingsOf } from 'esign-contract'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdf, makePdfBase64 } from '../documents/test-pdfs.js'
import { everyTabType } from '../tabs/testing/every-tab-type.js'
import { withoutTabIds } from '../tabs/testing/tab-ids.js'
import { expectInvalid, expectNoNulls, expectStringScalars } from '../testing/assertions.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from '../testing/harness.js'
import { findTemplatesByIds } from './repository.js'

const base = (accountId: string) => `/restapi/v2.1/accounts/${accountId}`

let pdf2: string
let pdf3: string

async function templateBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Service Agreement',
    description: 'For new clients',
    shared: 'false',
    emailSubject: 'Please sign',
    emailBlurb: 'Hello, please sign.',
    documents: [
      { documentId: '1', name: 'Agreement.pdf', fileExtension: 'pdf', documentBase64: pdf2 },
      { documentId: '2', name: 'Annex', fileExtension: 'pdf', documentBase64: pdf3 },
    ],
    recipients: {
      signers: [
        {
          recipientId: '1',
          roleName: 'Signing Recipient #1',
          routingOrder: '1',
          tabs: {
            signHereTabs: [
              { documentId: '1', pageNumber: '2', xPosition: '100', yPosition: '600', tabLabel: 'sig' },
              { anchorString: '/sig1/', anchorXOffset: '10', anchorYOffset: '-5', anchorUnits: 'pixels' },
            ],
            dateSignedTabs: [{ documentId: '2', pageNumber: '3', xPosition: '300', yPosition: '600' }],
            textTabs: [
              {
                documentId: '1',
                pageNumber: '1',
                xPosition: '50',
                yPosition: '50',
                tabLabel: 'CaseNumber',
                customNote: 'kept',
              },
            ],
          },
        },
        {
          recipientId: '2',
          roleName: 'Service Coordinator',
          routingOrder: '2',
          name: 'Cora',
          email: 'c@x.test',
        },
      ],
      carbonCopies: [{ recipientId: '3', roleName: 'Supervisor', routingOrder: '3' }],
    },
    customFields: {
      textCustomFields: [{ name: 'CrmRecordId', value: '', show: 'false', required: 'false' }],
      listCustomFields: [
        {
          name: 'Language',
          value: 'English',
          listItems: ['English', 'Spanish'],
          show: 'true',
          required: 'true',
        },
      ],
    },
    ...overrides,
  }
}

describeEachDatabase('templates API', (databases) => {
  let service: TestService
  let alice: TestPrincipal
  beforeAll(async () => {
    ;[pdf2, pdf3] = await Promise.all([makePdfBase64(2), makePdfBase64(3)])
    service = await startTestService(await databases.freshUrl())
    alice = await seedPrincipal(service.ctx, { permissions: ['manage_templates', 'send_envelopes'] })
  })
  afterAll(() => service.close())

  const post = (who: TestPrincipal, body: unknown) =>
    service.app.inject({
      method: 'POST',
      url: `${base(who.accountId)}/templates`,
      headers: who.headers,
      payload: body as object,
    })
  const get = (who: TestPrincipal, path: string) =>
    service.app.inject({ url: `${base(who.accountId)}${path}`, headers: who.headers })
  const create = async (who: TestPrincipal, overrides: Record<string, unknown> = {}) => {
    const response = await post(who, await templateBody(overrides))
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as { templateId: string; name: string }
  }

  describe('POST /templates', () => {
    it('creates a template and returns 201 with a summary', async () => {
      const response = await post(alice, await templateBody())
      expect(response.statusCode).toBe(201)
      const body = response.json()
      expect(body).toMatchObject({
        name: 'Service Agreement',
        shared: 'false',
        description: 'For new clients',
      })
      expect(body.templateId).toMatch(/^[0-9a-f-]{36}$/)
      expect(body.uri).toBe(`/templates/${body.templateId}`)
      expect(body.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      expectStringScalars(body)
    })

    it('returns 400 naming the field when name is missing', async () => {
      const { name: _, ...body } = await templateBody()
      expectInvalid(await post(alice, body), /^name is required$/)
    })

    it('returns 400 for a blank name', async () => {
      expectInvalid(await post(alice, await templateBody({ name: '   ' })), 'name must not be blank')
    })

    it('reads integer ids, routing orders, tab fields and booleans as their text, as DocuSign does', async () => {
      const body = await templateBody({ shared: true })
      ;(body.recipients.signers[0] as Record<string, unknown>).recipientId = 1
      ;(body.recipients.signers[1] as Record<string, unknown>).routingOrder = 2
      ;(body.recipients.signers[0]?.tabs?.signHereTabs[0] as Record<string, unknown>).pageNumber = 1
      const created = await post(alice, body)
      expect(created.statusCode, created.body).toBe(201)
      const stored = (await get(alice, `/templates/${created.json().templateId}`)).json()
      expect(stored.shared).toBe('true')
      expect(stored.recipients.signers[0].recipientId).toBe('1')
      expect(stored.recipients.signers[1].routingOrder).toBe('2')
      expect(stored.recipients.signers[0].tabs.signHereTabs[0].pageNumber).toBe('1')
    })

    it('returns 400 when documentId is not digits', async () => {
      const body = await templateBody()
      ;(body.documents[0] as Record<string, unknown>).documentId = 'one'
      expectInvalid(await post(alice, body), /documents\[0\]\.documentId/)
    })

    it('returns 400 when shared is neither true nor false', async () => {
      expectInvalid(await post(alice, await templateBody({ shared: 'yes' })), /^shared must be/)
    })

    it('returns 400 for a document that is not a PDF', async () => {
      const body = await templateBody()
      ;(body.documents[1] as Record<string, unknown>).documentBase64 =
        Buffer.from('plain text').toString('base64')
      expectInvalid(await post(alice, body), 'documents[1].documentBase64 is not a valid PDF')
    })

    it('returns 400 for invalid base64', async () => {
      const body = await templateBody()
      ;(body.documents[0] as Record<string, unknown>).documentBase64 = 'not*base64'
      expectInvalid(await post(alice, body), 'documents[0].documentBase64 is not valid base64')
    })

    it('returns 400 for a file extension no converter accepts', async () => {
      const body = await templateBody()
      ;(body.documents[0] as Record<string, unknown>).fileExtension = 'exe'
      expectInvalid(
        await post(alice, body),
        /documents\[0\]\.fileExtension "exe" is not a supported document format/,
      )
    })

    it('returns 400 for duplicate documentIds', async () => {
      const body = await templateBody()
      ;(body.documents[1] as Record<string, unknown>).documentId = '1'
      expectInvalid(await post(alice, body), 'documents[1].documentId 1 is used by another document')
    })

    it('returns 400 for duplicate recipientIds across signers and carbon copies', async () => {
      const body = await templateBody()
      ;(body.recipients.carbonCopies[0] as Record<string, unknown>).recipientId = '1'
      expectInvalid(
        await post(alice, body),
        'recipients.carbonCopies[0].recipientId 1 is used by another recipient',
      )
    })

    it('returns 400 for a tab on an unknown document', async () => {
      const body = await templateBody()
      ;(body.recipients.signers[0]?.tabs?.dateSignedTabs[0] as Record<string, unknown>).documentId = '9'
      expectInvalid(
        await post(alice, body),
        'recipients.signers[0].tabs.dateSignedTabs[0].documentId 9 is not a document of the template',
      )
    })

    it('returns 400 for a pageNumber past the end of the document', async () => {
      const body = await templateBody()
      ;(body.recipients.signers[0]?.tabs?.signHereTabs[0] as Record<string, unknown>).pageNumber = '3'
      expectInvalid(
        await post(alice, body),
        /signHereTabs\[0\]\.pageNumber 3 is outside document 1, which has 2 page/,
      )
    })

    it('returns 400 for a positioned tab without coordinates', async () => {
      const body = await templateBody()
      const tab = body.recipients.signers[0]?.tabs?.signHereTabs[0] as Record<string, unknown>
      delete tab.yPosition
      expectInvalid(
        await post(alice, body),
        'signHereTabs[0].yPosition is required when the tab has no anchorString',
      )
    })

    it('returns 400 for duplicate custom field names', async () => {
      const body = await templateBody({
        customFields: { textCustomFields: [{ name: 'A' }], listCustomFields: [{ name: 'A', listItems: [] }] },
      })
      expectInvalid(
        await post(alice, body),
        'customFields.listCustomFields[0].name A is used by another custom field',
      )
    })

    it('returns 400 for a list custom field value outside its items', async () => {
      const body = await templateBody({
        customFields: { listCustomFields: [{ name: 'L', value: 'French', listItems: ['English'] }] },
      })
      expectInvalid(
        await post(alice, body),
        'customFields.listCustomFields[0].value must be one of its listItems',
      )
    })

    it('returns 400 for too many documents', async () => {
      const documents = Array.from({ length: 51 }, (_, i) => ({
        documentId: String(i + 1),
        name: `d${i}`,
        documentBase64: pdf2,
      }))
      expectInvalid(
        await post(alice, await templateBody({ documents, recipients: {} })),
        'documents must have at most 50 items',
      )
    })

    it('returns 400 for a document name that is too long', async () => {
      const body = await templateBody()
      ;(body.documents[0] as Record<string, unknown>).name = 'x'.repeat(256)
      expectInvalid(await post(alice, body), 'documents[0].name must be at most 255 characters')
    })

    it('returns 400 for a body that is not JSON', async () => {
      const response = await service.app.inject({
        method: 'POST',
        url: `${base(alice.accountId)}/templates`,
        headers: { ...alice.headers, 'content-type': 'application/json' },
        payload: '{"name":',
      })
      expectInvalid(response, /not valid JSON/)
    })

    it('ignores unknown fields', async () => {
      const response = await post(alice, { ...(await templateBody()), somethingElse: { a: 1 } })
      expect(response.statusCode).toBe(201)
    })

    it('accepts a template without documents or recipients', async () => {
      const response = await post(alice, { name: 'Empty' })
      expect(response.statusCode).toBe(201)
      const detail = (await get(alice, `/templates/${response.json().templateId}`)).json()
      expect(detail).toMatchObject({
        documents: [],
        recipients: { signers: [], carbonCopies: [], recipientCount: '0' },
        customFields: { textCustomFields: [], listCustomFields: [] },
        emailSubject: '',
        pageCount: '0',
      })
    })

    it('returns 403 without the manage_templates permission', async () => {
      const sender = await seedPrincipal(service.ctx, {
        accountId: alice.accountId,
        permissions: ['send_envelopes'],
      })
      const response = await post(sender, await templateBody())
      expect(response.statusCode).toBe(403)
      expect(response.json().errorCode).toBe('USER_LACKS_PERMISSIONS')
    })

    it('returns 401 without a token', async () => {
      const response = await service.app.inject({
        method: 'POST',
        url: `${base(alice.accountId)}/templates`,
        payload: await templateBody(),
      })
      expect(response.statusCode).toBe(401)
    })
  })

  describe('tabs and recipient types', () => {
    it('round-trips every tab type and every recipient type, values included', async () => {
      const tabs = everyTabType('1')
      const recipients = {
        signers: [{ recipientId: '1', roleName: 'Signer', routingOrder: '1', tabs }],
        carbonCopies: [
          { recipientId: '2', roleName: 'Copy', routingOrder: '2', name: 'C', email: 'c@x.test' },
        ],
        certifiedDeliveries: [{ recipientId: '3', roleName: 'Delivery', routingOrder: '2' }],
        inPersonSigners: [
          {
            recipientId: '4',
            roleName: 'Walk-in',
            routingOrder: '1',
            hostName: 'Host',
            hostEmail: 'host@x.test',
            signerName: 'Visitor',
            tabs: { signHereTabs: tabs.signHereTabs },
          },
        ],
      }
      const { templateId } = await create(alice, { recipients })
      const body = (await get(alice, `/templates/${templateId}`)).json()
      expect(body.recipients.recipientCount).toBe('4')
      expect(withoutTabIds(body.recipients.signers[0].tabs)).toEqual(tabs)
      expect(body.recipients.carbonCopies).toEqual([
        {
          recipientId: '2',
          roleName: 'Copy',
          routingOrder: '2',
          recipientType: 'carbonCopy',
          name: 'C',
          email: 'c@x.test',
          ...fixedRecipientSettingsOf('carbonCopy'),
        },
      ])
      expect(body.recipients.certifiedDeliveries).toEqual([
        {
          recipientId: '3',
          roleName: 'Delivery',
          routingOrder: '2',
          recipientType: 'certifiedDelivery',
          ...fixedRecipientSettingsOf('certifiedDelivery'),
        },
      ])
      expect(withoutTabIds(body.recipients.inPersonSigners)).toEqual([
        {
          recipientId: '4',
          roleName: 'Walk-in',
          routingOrder: '1',
          recipientType: 'inPersonSigner',
          hostName: 'Host',
          hostEmail: 'host@x.test',
          signerName: 'Visitor',
          ...fixedRecipientSettingsOf('inPersonSigner'),
          tabs: { signHereTabs: tabs.signHereTabs },
        },
      ])
    })

    it('returns 400 naming an unknown tab type', async () => {
      const body = await templateBody()
      ;(body.recipients.signers[0] as Record<string, unknown>).tabs = { stampTabs: [] }
      expectInvalid(
        await post(alice, body),
        /^recipients\.signers\[0\]\.tabs\.stampTabs is not a supported tab type/,
      )
    })

    for (const list of ['agents', 'editors', 'intermediaries', 'witnesses', 'seals']) {
      it(`returns 400 naming the unsupported recipient type ${list}`, async () => {
        const body = await templateBody()
        ;(body.recipients as Record<string, unknown>)[list] = [{ recipientId: '9', roleName: 'X' }]
        expectInvalid(
          await post(alice, body),
          new RegExp(`^recipients\\.${list} is not a supported recipient type`),
        )
      })
    }

    it('returns 400 for tabs on a carbon copy, which signs nothing', async () => {
      const body = await templateBody()
      ;(body.recipients.carbonCopies[0] as Record<string, unknown>).tabs = { signHereTabs: [] }
      expectInvalid(
        await post(alice, body),
        'recipients.carbonCopies[0].tabs is not allowed: only signers and in-person signers have tabs',
      )
    })

    it('returns 400 for a tab field that is not a string, naming it', async () => {
      const body = await templateBody()
      const tabs = body.recipients.signers[0]?.tabs as Record<string, Array<Record<string, unknown>>>
      ;(tabs.textTabs as Array<Record<string, unknown>>)[0] = { ...tabs.textTabs?.[0], fontColor: [3] }
      expectInvalid(
        await post(alice, body),
        'recipients.signers[0].tabs.textTabs[0].fontColor must be a string',
      )
    })

    it('checks list values, radio positions and radio pages', async () => {
      const bad = async (tabs: Record<string, unknown>, message: string | RegExp) => {
        const body = await templateBody()
        ;(body.recipients.signers[0] as Record<string, unknown>).tabs = tabs
        expectInvalid(await post(alice, body), message)
      }
      const tabs = everyTabType('1')
      await bad(
        { listTabs: [{ ...tabs.listTabs[0], value: 'fr' }] },
        'recipients.signers[0].tabs.listTabs[0].value must be the value of one of its listItems',
      )
      await bad(
        { radioGroupTabs: [{ documentId: '1', groupName: 'g', radios: [{ value: 'a', pageNumber: '1' }] }] },
        'recipients.signers[0].tabs.radioGroupTabs[0].radios[0].xPosition is required when the tab has no anchorString',
      )
      await bad(
        {
          radioGroupTabs: [
            {
              documentId: '1',
              groupName: 'g',
              radios: [{ value: 'a', pageNumber: '9', xPosition: '1', yPosition: '1' }],
            },
          ],
        },
        'recipients.signers[0].tabs.radioGroupTabs[0].radios[0].pageNumber 9 is outside document 1, which has 2 page(s)',
      )
      await bad(
        {
          radioGroupTabs: [
            { groupName: 'g', radios: [{ value: 'a', pageNumber: '1', xPosition: '1', yPosition: '1' }] },
          ],
        },
        'recipients.signers[0].tabs.radioGroupTabs[0].documentId is required when the tab has no anchorString',
      )
    })
  })

  describe('GET /templates/{templateId}', () => {
    it('returns recipients, tabs, documents and custom fields as given, all strings, never null', async () => {
      const { templateId } = await create(alice)
      const response = await get(alice, `/templates/${templateId}`)
      expect(response.statusCode).toBe(200)
      const body = response.json()
      expectNoNulls(body)
      expectStringScalars(body)
      const sent = await templateBody()
      expect(body).toMatchObject({
        templateId,
        name: 'Service Agreement',
        shared: 'false',
        emailSubject: 'Please sign',
        emailBlurb: 'Hello, please sign.',
        owner: { userId: alice.userId },
        pageCount: '5',
        documents: [
          { documentId: '1', name: 'Agreement.pdf', pages: '2', order: '1', fileExtension: 'pdf' },
          { documentId: '2', name: 'Annex', pages: '3', order: '2', fileExtension: 'pdf' },
        ],
        customFields: sent.customFields,
      })
      expect(body.documents[0].uri).toBe(`/templates/${templateId}/documents/1`)
      expect(body.recipients.recipientCount).toBe('3')
      expect(withoutTabIds(body.recipients.signers)).toEqual([
        {
          recipientId: '1',
          roleName: 'Signing Recipient #1',
          routingOrder: '1',
          recipientType: 'signer',
          ...fixedRecipientSettingsOf('signer'),
          tabs: sent.recipients.signers[0]?.tabs,
        },
        {
          recipientId: '2',
          roleName: 'Service Coordinator',
          routingOrder: '2',
          recipientType: 'signer',
          name: 'Cora',
          email: 'c@x.test',
          ...fixedRecipientSettingsOf('signer'),
          tabs: {},
        },
      ])
      expect(body.recipients.carbonCopies).toEqual([
        {
          recipientId: '3',
          roleName: 'Supervisor',
          routingOrder: '3',
          recipientType: 'carbonCopy',
          ...fixedRecipientSettingsOf('carbonCopy'),
        },
      ])
    })

    it('orders documents by their order field', async () => {
      const body = await templateBody({ recipients: {} })
      ;(body.documents[0] as Record<string, unknown>).order = '2'
      ;(body.documents[1] as Record<string, unknown>).order = '1'
      const { templateId } = (await post(alice, body)).json()
      const detail = (await get(alice, `/templates/${templateId}`)).json()
      expect(
        detail.documents.map((d: { documentId: string; order: string }) => [d.documentId, d.order]),
      ).toEqual([
        ['2', '1'],
        ['1', '2'],
      ])
    })

    it('defaults routingOrder to "1"', async () => {
      const { templateId } = await create(alice, {
        recipients: { signers: [{ recipientId: '7', roleName: 'Role' }] },
      })
      const detail = (await get(alice, `/templates/${templateId}`)).json()
      expect(detail.recipients.signers[0].routingOrder).toBe('1')
    })

    it('returns 404 RESOURCE_NOT_FOUND for an unknown id', async () => {
      const response = await get(alice, '/templates/7e0c43f6-0000-4000-8000-000000000000')
      expect(response.statusCode).toBe(404)
      expect(response.json().errorCode).toBe('RESOURCE_NOT_FOUND')
    })

    it('lets a member without manage_templates read', async () => {
      const { templateId } = await create(alice, { shared: 'true' })
      const reader = await seedPrincipal(service.ctx, { accountId: alice.accountId, permissions: [] })
      expect((await get(reader, `/templates/${templateId}`)).statusCode).toBe(200)
    })
  })

  describe('visibility', () => {
    it("hides another member's private template but shows shared ones; administrators see all", async () => {
      const owner = await seedPrincipal(service.ctx, { permissions: ['manage_templates'] })
      const other = await seedPrincipal(service.ctx, {
        accountId: owner.accountId,
        permissions: ['manage_templates'],
      })
      const admin = await seedPrincipal(service.ctx, {
        accountId: owner.accountId,
        permissions: ['administer'],
      })
      const priv = await create(owner, { name: 'Private', shared: 'false' })
      const shared = await create(owner, { name: 'Shared', shared: 'true' })
      expect((await get(other, `/templates/${priv.templateId}`)).statusCode).toBe(404)
      expect((await get(other, `/templates/${shared.templateId}`)).statusCode).toBe(200)
      expect((await get(admin, `/templates/${priv.templateId}`)).statusCode).toBe(200)
      const names = (who: TestPrincipal) =>
        get(who, '/templates').then((r) => r.json().envelopeTemplates.map((t: { name: string }) => t.name))
      expect(await names(other)).toEqual(['Shared'])
      expect(await names(owner)).toEqual(['Private', 'Shared'])
      expect(await names(admin)).toEqual(['Private', 'Shared'])
      const put = await service.app.inject({
        method: 'PUT',
        url: `${base(owner.accountId)}/templates/${priv.templateId}`,
        headers: other.headers,
        payload: { name: 'Taken' },
      })
      expect(put.statusCode).toBe(404)
    })
  })

  describe('cross-account isolation', () => {
    it("returns 404 for another account's template on every route, both ways", async () => {
      const a = await seedPrincipal(service.ctx, { permissions: ['manage_templates', 'administer'] })
      const b = await seedPrincipal(service.ctx, { permissions: ['manage_templates', 'administer'] })
      const ofA = await create(a, { shared: 'true' })
      const ofB = await create(b, { shared: 'true' })
      for (const [who, theirs] of [
        [a, ofB],
        [b, ofA],
      ] as const) {
        expect((await get(who, `/templates/${theirs.templateId}`)).statusCode).toBe(404)
        expect((await get(who, `/templates/${theirs.templateId}/documents/1`)).statusCode).toBe(404)
        const put = await service.app.inject({
          method: 'PUT',
          url: `${base(who.accountId)}/templates/${theirs.templateId}`,
          headers: who.headers,
          payload: { name: 'Stolen' },
        })
        expect(put.statusCode).toBe(404)
        const del = await service.app.inject({
          method: 'DELETE',
          url: `${base(who.accountId)}/templates/${theirs.templateId}`,
          headers: who.headers,
        })
        expect(del.statusCode).toBe(404)
        const list = (await get(who, '/templates')).json()
        expect(list.envelopeTemplates.map((t: { templateId: string }) => t.templateId)).not.toContain(
          theirs.templateId,
        )
        expect((await findTemplatesByIds(service.ctx.db, who.accountId, [theirs.templateId])).size).toBe(0)
      }
      expect((await get(a, `/templates/${ofA.templateId}`)).json().name).toBe('Service Agreement')
    })

    it("returns 403 when using another account's path", async () => {
      const a = await seedPrincipal(service.ctx)
      const b = await seedPrincipal(service.ctx)
      const response = await service.app.inject({ url: `${base(b.accountId)}/templates`, headers: a.headers })
      expect(response.statusCode).toBe(403)
    })
  })

  describe('GET /templates/{templateId}/documents/{documentId}', () => {
    it('returns the PDF bytes as application/pdf', async () => {
      const { templateId } = await create(alice)
      const response = await get(alice, `/templates/${templateId}/documents/2`)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/pdf')
      expect(response.rawPayload.equals(Buffer.from(pdf3, 'base64'))).toBe(true)
    })

    it('returns 404 for an unknown document', async () => {
      const { templateId } = await create(alice)
      const response = await get(alice, `/templates/${templateId}/documents/3`)
      expect(response.statusCode).toBe(404)
      expect(response.json().errorCode).toBe('RESOURCE_NOT_FOUND')
    })
  })

  describe('PUT /templates/{templateId}', () => {
    const put = (who: TestPrincipal, id: string, body: unknown) =>
      service.app.inject({
        method: 'PUT',
        url: `${base(who.accountId)}/templates/${id}`,
        headers: who.headers,
        payload: body as object,
      })

    it('changes only what the body contains: {name} keeps recipients, custom fields, subject, documents', async () => {
      const { templateId } = await create(alice)
      const before = (await get(alice, `/templates/${templateId}`)).json()
      const response = await put(alice, templateId, { name: 'Renamed' })
      expect(response.statusCode, response.body).toBe(200)
      const after = (await get(alice, `/templates/${templateId}`)).json()
      expect(after.name).toBe('Renamed')
      const { name: _before, lastModified: _modifiedBefore, ...keptBefore } = before
      const { name: _after, lastModified: _modifiedAfter, ...keptAfter } = after
      expect(keptAfter).toEqual(keptBefore)
      expect(after.recipients.signers).toHaveLength(2)
      expect(after.customFields.listCustomFields[0].value).toBe('English')
      expect(after.emailSubject).toBe('Please sign')
    })

    it('replaces the fields it contains and keeps documents when the body has none', async () => {
      const { templateId } = await create(alice)
      const before = (await get(alice, `/templates/${templateId}`)).json()
      const response = await put(alice, templateId, {
        name: 'Renamed',
        shared: 'true',
        recipients: {
          signers: [
            {
              recipientId: '5',
              roleName: 'Only',
              routingOrder: '1',
              tabs: { signHereTabs: [{ documentId: '2', pageNumber: '3', xPosition: '1', yPosition: '2' }] },
            },
          ],
        },
        customFields: {},
      })
      expect(response.statusCode, response.body).toBe(200)
      // DocuSign's templateUpdateSummary, which names the template as an envelope.
      expect(response.json()).toEqual({ envelopeId: templateId })
      const after = (await get(alice, `/templates/${templateId}`)).json()
      expect(after.documents).toEqual(before.documents)
      expect(after.recipients.signers.map((s: { roleName: string }) => s.roleName)).toEqual(['Only'])
      expect(after.recipients.carbonCopies).toEqual([])
      expect(after.customFields).toEqual({ textCustomFields: [], listCustomFields: [] })
      expect(after.emailSubject).toBe('Please sign')
      expect(after.created).toBe(before.created)
    })

    it('replaces documents when given and validates tabs against the new ones', async () => {
      const { templateId } = await create(alice)
      const onePage = await makePdfBase64(1)
      const invalid = await put(
        alice,
        templateId,
        await templateBody({
          documents: [{ documentId: '1', name: 'One', documentBase64: onePage }],
        }),
      )
      expectInvalid(
        invalid,
        /documentId 2 is not a document of the template|pageNumber 2 is outside document 1/,
      )
      const keptTabs = await put(alice, templateId, {
        documents: [{ documentId: '4', name: 'One', documentBase64: onePage }],
      })
      expectInvalid(keptTabs, /role "Signing Recipient #1".*documentId 1 is not a document of the template/)
      const response = await put(alice, templateId, {
        name: 'One page',
        documents: [{ documentId: '4', name: 'One', documentBase64: onePage }],
        recipients: {},
      })
      expect(response.statusCode, response.body).toBe(200)
      const after = (await get(alice, `/templates/${templateId}`)).json()
      expect(after.documents).toMatchObject([{ documentId: '4', pages: '1' }])
      expect(after.recipients.recipientCount).toBe('0')
    })

    it('is seen by findTemplatesByIds immediately (cache follows the version)', async () => {
      const { templateId } = await create(alice)
      const first = await findTemplatesByIds(service.ctx.db, alice.accountId, [templateId])
      expect(first.get(templateId)?.name).toBe('Service Agreement')
      await put(alice, templateId, { name: 'Second name' })
      const second = await findTemplatesByIds(service.ctx.db, alice.accountId, [templateId])
      expect(second.get(templateId)?.name).toBe('Second name')
      expect(second.get(templateId)?.documents).toHaveLength(2)
    })

    it('returns 404 for an unknown template and 403 without manage_templates', async () => {
      expect((await put(alice, '7e0c43f6-0000-4000-8000-000000000000', { name: 'x' })).statusCode).toBe(404)
      const { templateId } = await create(alice, { shared: 'true' })
      const reader = await seedPrincipal(service.ctx, {
        accountId: alice.accountId,
        permissions: ['send_envelopes'],
      })
      expect((await put(reader, templateId, { name: 'x' })).statusCode).toBe(403)
    })

    it('validates the fields it contains like create', async () => {
      const { templateId } = await create(alice)
      expectInvalid(await put(alice, templateId, { name: '' }), 'name must not be empty')
      expectInvalid(await put(alice, templateId, { name: '  ' }), 'name must not be blank')
      expectInvalid(await put(alice, templateId, { shared: 'maybe' }), /^shared must be/)
    })
  })

  describe('DELETE /templates/{templateId}', () => {
    const del = (who: TestPrincipal, id: string) =>
      service.app.inject({
        method: 'DELETE',
        url: `${base(who.accountId)}/templates/${id}`,
        headers: who.headers,
      })

    it('deletes the template; later reads are 404', async () => {
      const { templateId } = await create(alice)
      await findTemplatesByIds(service.ctx.db, alice.accountId, [templateId])
      const response = await del(alice, templateId)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ templateId, name: 'Service Agreement' })
      expect((await get(alice, `/templates/${templateId}`)).statusCode).toBe(404)
      expect((await get(alice, `/templates/${templateId}/documents/1`)).statusCode).toBe(404)
      expect((await del(alice, templateId)).statusCode).toBe(404)
      expect((await findTemplatesByIds(service.ctx.db, alice.accountId, [templateId])).size).toBe(0)
    })

    it('returns 403 without manage_templates', async () => {
      const { templateId } = await create(alice, { shared: 'true' })
      const reader = await seedPrincipal(service.ctx, {
        accountId: alice.accountId,
        permissions: ['send_envelopes'],
      })
      expect((await del(reader, templateId)).statusCode).toBe(403)
      expect((await get(alice, `/templates/${templateId}`)).statusCode).toBe(200)
    })
  })

  describe('findTemplatesByIds', () => {
    it('returns the requested templates of the account in request order, skipping unknown ids', async () => {
      const one = await create(alice, { name: 'One' })
      const two = await create(alice, { name: 'Two' })
      const found = await findTemplatesByIds(service.ctx.db, alice.accountId, [
        two.templateId,
        'unknown',
        one.templateId,
        two.templateId,
      ])
      expect([...found.keys()]).toEqual([two.templateId, one.templateId])
      const template = found.get(one.templateId)
      expect(template).toMatchObject({
        name: 'One',
        accountId: alice.accountId,
        ownerUserId: alice.userId,
        shared: false,
      })
      expect(template?.documents.map((d) => d.pages)).toEqual([2, 3])
      expect(template?.documents[0]?.blobId).toMatch(/^[0-9a-f]{64}$/)
      expect(withoutTabIds(template?.recipients[0]?.tabs.signHereTabs?.[0])).toEqual({
        documentId: '1',
        pageNumber: '2',
        xPosition: '100',
        yPosition: '600',
        tabLabel: 'sig',
      })
      expect(Object.isFrozen(template)).toBe(true)
    })

    it('returns an empty map for no ids', async () => {
      expect((await findTemplatesByIds(service.ctx.db, alice.accountId, [])).size).toBe(0)
    })

    it('stores identical documents once', async () => {
      await create(alice, { name: 'Dup A' })
      await create(alice, { name: 'Dup B' })
      const id = (
        await findTemplatesByIds(service.ctx.db, alice.accountId, [(await create(alice)).templateId])
      )
        .values()
        .next().value?.documents[0]?.blobId as string
      const rows = await service.ctx.db
        .selectFrom('document_blobs')
        .select('id')
        .where('id', '=', id)
        .execute()
      expect(rows).toHaveLength(1)
    })
  })
})

describeEachDatabase('template list', (databases) => {
  let service: TestService
  let owner: TestPrincipal
  // Byte order of the lower-cased names: '1' sorts before '_'.
  const names = ['alpha', 'Bravo', 'charlie', 'Delta 50%', 'Echo11', 'echo_1', 'foxtrot']
  const ids = new Map<string, string>()
  let clock = Date.parse('2026-01-01T00:00:00.000Z')

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), {}, () => clock)
    owner = await seedPrincipal(service.ctx, { permissions: ['manage_templates'] })
    const pdf = Buffer.from(await makePdf(1)).toString('base64')
    // Created in reverse name order, one second apart, so creation order differs from name order.
    for (const name of [...names].reverse()) {
      clock += 1000
      const response = await service.app.inject({
        method: 'POST',
        url: `${base(owner.accountId)}/templates`,
        headers: owner.headers,
        payload: { name, shared: 'true', documents: [{ documentId: '1', name: 'd', documentBase64: pdf }] },
      })
      ids.set(name, response.json().templateId)
    }
    // Touch "charlie" last so that it is the most recently modified.
    clock += 1000
    await service.app.inject({
      method: 'PUT',
      url: `${base(owner.accountId)}/templates/${ids.get('charlie')}`,
      headers: owner.headers,
      payload: { name: 'charlie', shared: 'true' },
    })
  })
  afterAll(() => service.close())

  const list = async (query: string) => {
    const response = await service.app.inject({
      url: `${base(owner.accountId)}/templates${query}`,
      headers: owner.headers,
    })
    return response
  }
  const listNames = async (query: string) => {
    const response = await list(query)
    expect(response.statusCode, response.body).toBe(200)
    return response.json().envelopeTemplates.map((t: { name: string }) => t.name) as string[]
  }

  it('returns every visible template by name ascending by default, with string counts', async () => {
    const response = await list('')
    const body = response.json()
    expectNoNulls(body)
    expectStringScalars(body)
    expect(body).toMatchObject({
      resultSetSize: '7',
      startPosition: '0',
      endPosition: '6',
      totalSetSize: '7',
    })
    expect(body.nextUri).toBeUndefined()
    expect(body.previousUri).toBeUndefined()
    expect(body.envelopeTemplates.map((t: { name: string }) => t.name)).toEqual(names)
    expect(body.envelopeTemplates[0]).toMatchObject({
      templateId: ids.get('alpha'),
      uri: `/templates/${ids.get('alpha')}`,
      shared: 'true',
      description: '',
    })
  })

  it("accepts the CRM's order=name&order_by=asc", async () => {
    expect(await listNames('?count=100&order=name&order_by=asc')).toEqual(names)
  })

  it("accepts DocuSign's order=desc&order_by=name", async () => {
    expect(await listNames('?order=desc&order_by=name')).toEqual([...names].reverse())
  })

  it('accepts the CRM order with desc', async () => {
    expect(await listNames('?order=name&order_by=desc')).toEqual([...names].reverse())
  })

  it('orders by modified and created', async () => {
    expect((await listNames('?order_by=modified&order=desc'))[0]).toBe('charlie')
    expect(await listNames('?order_by=created&order=asc')).toEqual([...names].reverse())
    expect((await listNames('?order=modified'))[6]).toBe('charlie')
  })

  it('accepts values in any letter case', async () => {
    expect(await listNames('?order=NAME&order_by=DESC')).toEqual([...names].reverse())
  })

  for (const query of [
    '?order=sideways',
    '?order_by=size',
    '?order=asc&order_by=desc',
    '?order=name&order_by=modified',
  ]) {
    it(`returns 400 for ${query}`, async () => {
      const response = await list(query)
      expect(response.statusCode).toBe(400)
      expect(response.json().errorCode).toBe('INVALID_REQUEST_PARAMETER')
    })
  }

  it('pages with count and start_position and links the pages', async () => {
    const first = (await list('?count=3&order=name&order_by=asc')).json()
    expect(first).toMatchObject({
      resultSetSize: '3',
      startPosition: '0',
      endPosition: '2',
      totalSetSize: '7',
    })
    expect(first.nextUri).toBe('/templates?start_position=3&count=3&order=name&order_by=asc')
    expect(first.previousUri).toBeUndefined()
    const second = (await list('?count=3&start_position=3')).json()
    expect(second.envelopeTemplates.map((t: { name: string }) => t.name)).toEqual([
      'Delta 50%',
      'Echo11',
      'echo_1',
    ])
    expect(second).toMatchObject({ startPosition: '3', endPosition: '5' })
    expect(second.previousUri).toBe('/templates?start_position=0&count=3')
    const last = (await list('?count=3&start_position=6')).json()
    expect(last).toMatchObject({ resultSetSize: '1', endPosition: '6' })
    expect(last.nextUri).toBeUndefined()
    const beyond = (await list('?count=3&start_position=20')).json()
    expect(beyond).toMatchObject({ resultSetSize: '0', totalSetSize: '7', envelopeTemplates: [] })
  })

  for (const query of [
    '?count=0',
    '?count=101',
    '?count=abc',
    '?start_position=-1',
    '?start_position=99999999999999999999',
    '?start_position=2147483648',
    '?start_position=1e30',
  ]) {
    it(`returns 400 for ${query}`, async () => {
      const response = await list(query)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().errorCode).toBe('INVALID_REQUEST_PARAMETER')
    })
  }

  it('accepts the largest start_position and returns an empty page', async () => {
    const response = await list('?start_position=2147483647')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ resultSetSize: '0', totalSetSize: '7', envelopeTemplates: [] })
  })

  for (const text of ['\u0000', 'ech\u0000', '\u0001', 'a\u001fb', '\u007f', 'ech\n']) {
    it(`returns 400 for a control character in search_text (${JSON.stringify(text)})`, async () => {
      const response = await list(`?search_text=${encodeURIComponent(text)}`)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().message).toBe('search_text must not contain control characters')
    })
  }

  it('searches names case-insensitively as a substring', async () => {
    expect(await listNames('?search_text=ECH')).toEqual(['Echo11', 'echo_1'])
    expect(await listNames('?search_text=rav')).toEqual(['Bravo'])
    expect((await list('?search_text=ech')).json().totalSetSize).toBe('2')
  })

  it('treats wildcard characters in search_text literally', async () => {
    expect(await listNames('?search_text=o_1')).toEqual(['echo_1'])
    expect(await listNames(`?search_text=${encodeURIComponent('50%')}`)).toEqual(['Delta 50%'])
    expect(await listNames('?search_text=%25')).toEqual(['Delta 50%'])
    expect(await listNames('?search_text=_')).toEqual(['echo_1'])
    expect(await listNames(`?search_text=${encodeURIComponent('\\')}`)).toEqual([])
  })

  it('returns an empty page for an account without templates', async () => {
    const other = await seedPrincipal(service.ctx)
    const response = await service.app.inject({
      url: `${base(other.accountId)}/templates`,
      headers: other.headers,
    })
    expect(response.json()).toMatchObject({ resultSetSize: '0', totalSetSize: '0', envelopeTemplates: [] })
  })
})

describeEachDatabase('template body limit', (databases) => {
  let service: TestService
  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl(), { BODY_LIMIT_BYTES: '65536' })
  })
  afterAll(() => service.close())

  it('returns 413 for a body over the configured limit', async () => {
    const owner = await seedPrincipal(service.ctx)
    const response = await service.app.inject({
      method: 'POST',
      url: `${base(owner.accountId)}/templates`,
      headers: owner.headers,
      payload: {
        name: 'Big',
        documents: [{ documentId: '1', name: 'big', documentBase64: 'A'.repeat(70_000) }],
      },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ errorCode: 'INVALID_REQUEST_PARAMETER' })
  })
})
