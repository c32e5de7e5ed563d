import type { AddressInfo } from 'node:net'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import { createConsoleView, openConsoleView } from '../../identity/console-view/console-view.js'
import { seedPrincipal } from '../../testing/harness.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../../testing/sdk.js'

/** The official DocuSign Node SDK (CommonJS, untyped): the calls these tests make. */
type ViewCall = (
  accountId: string,
  id: string,
  options: { envelopeViewRequest?: unknown; templateViewRequest?: unknown },
) => Promise<SdkModel>
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    createSenderView: ViewCall
    createEditView: ViewCall
    createCorrectView: ViewCall
  }
  TemplatesApi: new (
    client: unknown,
  ) => {
    createTemplate(accountId: string, options: { envelopeTemplate: unknown }): Promise<SdkModel>
    createEditView: ViewCall
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()
const RETURN_URL = 'https://crm.example.test/done'

describeEachDatabase('embedded sender, edit, correct and template edit views', (databases) => {
  let sdk: SdkService
  let origin: string
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>
  let templates: InstanceType<DocuSignSdk['TemplatesApi']>
  let draftId: string
  let sentId: string
  let templateId: string

  const definition = async (status: string) => ({
    status,
    emailSubject: 'Embedded views',
    documents: [
      { documentId: '1', name: 'A.pdf', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
    ],
    recipients: { signers: [{ recipientId: '1', name: 'Ana Ruiz', email: 'ana@example.test' }] },
  })

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    origin = `http://127.0.0.1:${(sdk.service.app.server.address() as AddressInfo).port}`
    envelopes = new docusign.EnvelopesApi(sdk.client)
    templates = new docusign.TemplatesApi(sdk.client)
    const accountId = sdk.principal.accountId
    draftId = (await envelopes.createEnvelope(accountId, { envelopeDefinition: await definition('created') }))
      .envelopeId
    sentId = (await envelopes.createEnvelope(accountId, { envelopeDefinition: await definition('sent') }))
      .envelopeId
    templateId = (
      await templates.createTemplate(accountId, {
        envelopeTemplate: {
          name: 'Embedded',
          recipients: { signers: [{ recipientId: '1', roleName: 'Client' }] },
        },
      })
    ).templateId
  })
  afterAll(() => sdk?.close())

  const open = (url: string) => fetch(`${origin}${new URL(url).pathname}`, { redirect: 'manual' })
  const failureOf = (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      (error: { response?: { status: number; data: SdkModel } }) => error.response,
    )
  const back = `?returnUrl=${encodeURIComponent(RETURN_URL)}`

  /** Opens a view URL as a browser would: once, into the app signed in as the caller. */
  async function expectOpensOnce(url: string, location: string) {
    expect(url).toMatch(/\/app-session\/console\/[\w-]{43}$/)
    const opened = await open(url)
    expect(opened.status).toBe(303)
    expect(opened.headers.get('location')).toBe(location)
    const [session, , returnCookie] = opened.headers.getSetCookie()
    expect(session).toMatch(/^inkwell_session=[\w-]+;/)
    expect(returnCookie).toMatch(/^inkwell_view_return=https%3A%2F%2Fcrm\.example\.test%2Fdone;/)
    expect((await open(url)).status).toBe(410)
  }

  describe('POST /envelopes/{envelopeId}/views/sender (EnvelopesApi.createSenderView)', () => {
    it("opens the draft in the builder, once, with eg011's settings", async () => {
      const view = await envelopes.createSenderView(sdk.principal.accountId, draftId, {
        envelopeViewRequest: {
          returnUrl: RETURN_URL,
          viewAccess: 'envelope',
          settings: {
            startingScreen: 'tagging',
            sendButtonAction: 'send',
            showBackButton: 'false',
            lockToken: '',
            recipientSettings: { showEditRecipients: 'false' },
            templateSettings: { showMatchingTemplatesPrompt: 'true' },
          },
        },
      })
      await expectOpensOnce(view.url, `/app/envelopes/${draftId}/edit${back}`)
    })

    it('refuses settings it cannot honour, naming them', async () => {
      for (const [settings, named] of [
        [{ sendButtonAction: 'redirect' }, 'settings.sendButtonAction'],
        [{ lockToken: 'abc' }, 'settings.lockToken'],
        [{ showSomethingNew: 'true' }, 'settings.showSomethingNew'],
      ] as const) {
        const failure = await failureOf(
          envelopes.createSenderView(sdk.principal.accountId, draftId, {
            envelopeViewRequest: { returnUrl: RETURN_URL, settings },
          }),
        )
        expect(failure?.status).toBe(400)
        expect(failure?.data.message).toContain(named)
      }
    })

    it('answers 400 for a return URL that is not http(s) and for a sent envelope', async () => {
      const badUrl = await failureOf(
        envelopes.createSenderView(sdk.principal.accountId, draftId, {
          envelopeViewRequest: { returnUrl: 'javascript:alert(1)' },
        }),
      )
      expect(badUrl?.status).toBe(400)
      expect(badUrl?.data.message).toContain('returnUrl')
      const sent = await failureOf(
        envelopes.createSenderView(sdk.principal.accountId, sentId, {
          envelopeViewRequest: { returnUrl: RETURN_URL },
        }),
      )
      expect(sent?.status).toBe(400)
      expect(sent?.data.errorCode).toBe('ENVELOPE_INVALID_STATUS')
    })

    it("refuses another account's user: 404 ENVELOPE_DOES_NOT_EXIST", async () => {
      const stranger = await seedPrincipal(sdk.service.ctx)
      const client = new docusign.ApiClient()
      client.setBasePath(`${origin}/restapi`)
      client.addDefaultHeader('Authorization', `Bearer ${stranger.accessToken}`)
      const failure = await failureOf(
        new docusign.EnvelopesApi(client).createSenderView(stranger.accountId, draftId, {
          envelopeViewRequest: { returnUrl: RETURN_URL },
        }),
      )
      expect(failure?.status).toBe(404)
      expect(failure?.data.errorCode).toBe('ENVELOPE_DOES_NOT_EXIST')
    })

    it("signs in as the user who asked for it, not the envelope's sender", async () => {
      const colleague = await seedPrincipal(sdk.service.ctx, { accountId: sdk.principal.accountId })
      const client = new docusign.ApiClient()
      client.setBasePath(`${origin}/restapi`)
      client.addDefaultHeader('Authorization', `Bearer ${colleague.accessToken}`)
      const view = await new docusign.EnvelopesApi(client).createSenderView(
        sdk.principal.accountId,
        draftId,
        {
          envelopeViewRequest: { returnUrl: RETURN_URL },
        },
      )
      const token = new URL(view.url).pathname.split('/').at(-1) as string
      const claimed = await sdk.service.ctx.db
        .selectFrom('one_time_tokens')
        .select('user_id')
        .where('purpose', '=', 'console')
        .where('used_at', 'is', null)
        .execute()
      expect(claimed.map((row) => row.user_id)).toContain(colleague.userId)
      expect(claimed.map((row) => row.user_id)).not.toContain(sdk.principal.userId)
      expect((await open(`${origin}/app-session/console/${token}`)).status).toBe(303)
    })

    it('expires after five minutes', async () => {
      const now = Date.now()
      const url = await createConsoleView(
        sdk.service.ctx.db,
        { userId: sdk.principal.userId, publicUrl: origin, envelopeId: draftId, screen: 'sender' },
        now,
      )
      const token = new URL(url).pathname.split('/').at(-1) as string
      expect(await openConsoleView(sdk.service.ctx.db, token, now + 5 * 60_000)).toBeUndefined()
      expect((await openConsoleView(sdk.service.ctx.db, token, now + 5 * 60_000 - 1))?.location).toBe(
        `/app/envelopes/${draftId}/edit`,
      )
    })
  })

  describe('POST /envelopes/{envelopeId}/views/edit (EnvelopesApi.createEditView)', () => {
    it('opens the draft in the builder, once', async () => {
      const view = await envelopes.createEditView(sdk.principal.accountId, draftId, {
        envelopeViewRequest: { returnUrl: RETURN_URL },
      })
      await expectOpensOnce(view.url, `/app/envelopes/${draftId}/edit${back}`)
    })

    it('answers 404 ENVELOPE_DOES_NOT_EXIST for an unknown envelope', async () => {
      const failure = await failureOf(
        envelopes.createEditView(sdk.principal.accountId, '00000000-0000-4000-8000-000000000000', {
          envelopeViewRequest: { returnUrl: RETURN_URL },
        }),
      )
      expect(failure?.status).toBe(404)
      expect(failure?.data.errorCode).toBe('ENVELOPE_DOES_NOT_EXIST')
    })
  })

  describe('POST /envelopes/{envelopeId}/views/correct (EnvelopesApi.createCorrectView)', () => {
    it('opens the correction of a sent envelope, once', async () => {
      const view = await envelopes.createCorrectView(sdk.principal.accountId, sentId, {
        envelopeViewRequest: { returnUrl: RETURN_URL, suppressNavigation: 'true' },
      })
      await expectOpensOnce(view.url, `/app/envelopes/${sentId}/correct${back}`)
    })

    it('answers 400 ENVELOPE_INVALID_STATUS for a draft', async () => {
      const failure = await failureOf(
        envelopes.createCorrectView(sdk.principal.accountId, draftId, {
          envelopeViewRequest: { returnUrl: RETURN_URL },
        }),
      )
      expect(failure?.status).toBe(400)
      expect(failure?.data.errorCode).toBe('ENVELOPE_INVALID_STATUS')
    })
  })

  describe('POST /templates/{templateId}/views/edit (TemplatesApi.createEditView)', () => {
    it('opens the template in the builder, once', async () => {
      const view = await templates.createEditView(sdk.principal.accountId, templateId, {
        templateViewRequest: { returnUrl: RETURN_URL, viewAccess: 'template' },
      })
      await expectOpensOnce(view.url, `/app/templates/${templateId}${back}`)
    })

    it("answers 404 for a template not in the account and 400 for viewAccess 'envelope'", async () => {
      const missing = await failureOf(
        templates.createEditView(sdk.principal.accountId, '00000000-0000-4000-8000-000000000000', {
          templateViewRequest: { returnUrl: RETURN_URL },
        }),
      )
      expect(missing?.status).toBe(404)
      const wrongAccess = await failureOf(
        templates.createEditView(sdk.principal.accountId, templateId, {
          templateViewRequest: { returnUrl: RETURN_URL, viewAccess: 'envelope' },
        }),
      )
      expect(wrongAccess?.status).toBe(400)
      expect(wrongAccess?.data.message).toContain('viewAccess')
    })
  })
})
