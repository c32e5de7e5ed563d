import type { AddressInfo } from 'node:net'
import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { createConsoleView, openConsoleView } from '../identity/console-view/console-view.js'
import {
  type DocuSignSdkBase,
  loadDocuSignSdk,
  type SdkModel,
  type SdkService,
  startSdkService,
} from '../testing/sdk.js'

/** The official DocuSign Node SDK (CommonJS, untyped): the calls these tests make. */
interface DocuSignSdk extends DocuSignSdkBase {
  EnvelopesApi: new (
    client: unknown,
  ) => {
    createEnvelope(accountId: string, options: { envelopeDefinition: unknown }): Promise<SdkModel>
    createConsoleView(accountId: string, options: { consoleViewRequest: unknown }): Promise<SdkModel>
  }
}
const docusign = loadDocuSignSdk<DocuSignSdk>()

describeEachDatabase('console view (EnvelopesApi.createConsoleView)', (databases) => {
  let sdk: SdkService
  let origin: string
  let envelopes: InstanceType<DocuSignSdk['EnvelopesApi']>

  beforeAll(async () => {
    sdk = await startSdkService(await databases.freshUrl())
    origin = `http://127.0.0.1:${(sdk.service.app.server.address() as AddressInfo).port}`
    envelopes = new docusign.EnvelopesApi(sdk.client)
  })
  afterAll(() => sdk?.close())

  const open = (url: string) => fetch(`${origin}${new URL(url).pathname}`, { redirect: 'manual' })

  async function refreshWith(cookie: string) {
    return fetch(`${origin}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-inkwell-app': '1',
        origin,
        cookie,
      },
      body: 'grant_type=refresh_token',
    })
  }

  it('opens the envelope signed in as the caller, once', async () => {
    const summary = await envelopes.createEnvelope(sdk.principal.accountId, {
      envelopeDefinition: {
        status: 'sent',
        emailSubject: 'Console view',
        documents: [
          { documentId: '1', name: 'A.pdf', fileExtension: 'pdf', documentBase64: await makePdfBase64(1) },
        ],
        recipients: { signers: [{ recipientId: '1', name: 'Ana Ruiz', email: 'ana@example.test' }] },
      },
    })
    const view = await envelopes.createConsoleView(sdk.principal.accountId, {
      consoleViewRequest: { envelopeId: summary.envelopeId, returnUrl: 'https://crm.example.test/done' },
    })
    expect(view.url).toMatch(/\/app-session\/console\/[\w-]{43}$/)

    const opened = await open(view.url)
    expect(opened.status).toBe(303)
    expect(opened.headers.get('location')).toBe(
      `/app/envelopes/${summary.envelopeId}?returnUrl=${encodeURIComponent('https://crm.example.test/done')}`,
    )
    const [setCookie = '', signedIn, returnCookie] = opened.headers.getSetCookie()
    // The marker the app's script reads before asking for a token (identity/sessions/cookie.ts).
    expect(signedIn).toMatch(/^inkwell_signed_in=1; Path=\/app; Max-Age=\d+; SameSite=Lax$/)
    // The return URL, for the app to trust the one in its address (identity/sessions/cookie.ts).
    expect(returnCookie).toBe(
      `inkwell_view_return=${encodeURIComponent('https://crm.example.test/done')}; Path=/app; Max-Age=86400; SameSite=Lax`,
    )
    expect(setCookie).toMatch(
      /^inkwell_session=[\w-]+; Path=\/oauth; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    )

    const refreshed = await refreshWith(setCookie.split(';')[0] as string)
    expect(refreshed.status).toBe(200)
    const { access_token: accessToken } = (await refreshed.json()) as { access_token: string }
    const info = await fetch(`${origin}/oauth/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect(((await info.json()) as { sub: string }).sub).toBe(sdk.principal.userId)

    expect((await open(view.url)).status).toBe(410)
  })

  it('opens the dashboard without an envelope', async () => {
    const view = await envelopes.createConsoleView(sdk.principal.accountId, { consoleViewRequest: {} })
    const opened = await open(view.url)
    expect(opened.headers.get('location')).toBe('/app/')
  })

  it('answers 404 ENVELOPE_DOES_NOT_EXIST for an envelope not in the account', async () => {
    const failure = await envelopes
      .createConsoleView(sdk.principal.accountId, {
        consoleViewRequest: { envelopeId: '00000000-0000-4000-8000-000000000000' },
      })
      .then(
        () => undefined,
        (error: { response?: { status: number; data: SdkModel } }) => error.response,
      )
    expect(failure?.status).toBe(404)
    expect(failure?.data.errorCode).toBe('ENVELOPE_DOES_NOT_EXIST')
  })

  it('expires after five minutes', async () => {
    const now = Date.now()
    const url = await createConsoleView(
      sdk.service.ctx.db,
      { userId: sdk.principal.userId, publicUrl: origin },
      now,
    )
    const token = new URL(url).pathname.split('/').at(-1) as string
    expect(await openConsoleView(sdk.service.ctx.db, token, now + 5 * 60_000)).toBeUndefined()
    expect(await openConsoleView(sdk.service.ctx.db, token, now + 5 * 60_000 - 1)).toBeDefined()
  })
})
