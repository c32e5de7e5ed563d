import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { pdfWithText } from '../completion/test-fixtures.js'
import { MAX_ANCHOR_PLACES_PER_RECIPIENT } from '../tabs/anchor-places.js'
import { seedPrincipal, type TestPrincipal, type TestService } from '../testing/harness.js'
import { embeddedSigningHeaders, injectAs } from '../testing/inject.js'
import { startSealedTestService } from '../testing/sealed-service.js'

/**
 * Anchor tabs are checked when they go out to be signed (tabs/anchor-places.ts): an anchor found in no
 * document is DocuSign's 400 ANCHOR_TAB_STRING_NOT_FOUND at the send, not a completion that can never
 * seal; one recipient's anchor tabs take at most MAX_ANCHOR_PLACES_PER_RECIPIENT places. Drafts are
 * checked when they are sent; tabs and recipients added to a sent envelope when they are added.
 */
describeEachDatabase('anchor tabs when an envelope is sent', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let contract: string
  /** One page whose text holds the letter "e" more than the limit allows places. */
  let crowded: string
  const signer = { name: 'Ana Ruiz', email: 'ana@example.test', clientUserId: 'crm-ana' }

  beforeAll(async () => {
    service = await startSealedTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
    const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
    contract = base64(
      await pdfWithText([
        [{ text: 'Terms of sale', x: 72, baseline: 100 }],
        [{ text: 'Buyer: /sn1/   Date: /dt1/', x: 72, baseline: 600 }],
      ]),
    )
    const line = 'e'.repeat(150)
    const lines = Math.ceil((MAX_ANCHOR_PLACES_PER_RECIPIENT + 1) / line.length)
    crowded = base64(
      await pdfWithText([
        Array.from({ length: lines }, (_, index) => ({
          text: line,
          x: 10,
          baseline: 10 + index * 10,
          size: 4,
        })),
      ]),
    )
  })
  afterAll(() => service?.close())

  const inject = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    injectAs(service, sender, method, path, payload)

  const envelope = (status: 'sent' | 'created', tabs: object, documentBase64 = contract) => ({
    status,
    emailSubject: 'Sale',
    documents: [{ documentId: '1', name: 'Sale.pdf', documentBase64 }],
    recipients: { signers: [{ recipientId: '1', routingOrder: '1', ...signer, tabs }] },
  })

  async function signingSession(envelopeId: string) {
    const headers = await embeddedSigningHeaders(service, sender, envelopeId, signer)
    return service.app.inject({ url: '/signing/api/session', headers })
  }

  it('sends an envelope whose anchors are found, and the signing page places them', async () => {
    const created = await inject(
      'POST',
      '/envelopes',
      envelope('sent', {
        signHereTabs: [{ anchorString: '/sn1/' }],
        // The same anchor on a second tab: each tab is placed once at each occurrence, not once per tab.
        fullNameTabs: [{ anchorString: '/sn1/' }],
        dateSignedTabs: [{ anchorString: '/dt1/' }],
        textTabs: [{ anchorString: '/po/', anchorIgnoreIfNotPresent: 'true', tabLabel: 'PO' }],
      }),
    )
    expect(created.statusCode, created.body).toBe(201)
    for (let opening = 0; opening < 2; opening++) {
      const session = await signingSession(created.json().envelopeId)
      expect(session.statusCode, session.body).toBe(200)
      const tabs = session.json().tabs as { type: string; pageNumber?: number; alsoAt?: unknown[] }[]
      for (const type of ['signHere', 'fullName']) {
        const placed = tabs.filter((tab) => tab.type === type)
        expect(placed).toEqual([expect.objectContaining({ pageNumber: 2 })])
        expect(placed[0]?.alsoAt).toBeUndefined()
      }
    }
  })

  it('refuses to send an anchor found in no document, as DocuSign does, and keeps a draft of it', async () => {
    const tabs = { signHereTabs: [{ anchorString: '/sn1/' }, { anchorString: '/missing/' }] }
    const refused = await inject('POST', '/envelopes', envelope('sent', tabs))
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      errorCode: 'ANCHOR_TAB_STRING_NOT_FOUND',
      message: expect.stringContaining('/missing/'),
    })

    const draft = await inject('POST', '/envelopes', envelope('created', tabs))
    expect(draft.statusCode, draft.body).toBe(201)
    const envelopeId: string = draft.json().envelopeId
    const send = await inject('PUT', `/envelopes/${envelopeId}`, { status: 'sent' })
    expect(send.statusCode).toBe(400)
    expect(send.json().errorCode).toBe('ANCHOR_TAB_STRING_NOT_FOUND')
    expect((await inject('GET', `/envelopes/${envelopeId}`)).json().status).toBe('created')
  })

  it('refuses more places than one recipient may take, naming the recipient', async () => {
    const refused = await inject(
      'POST',
      '/envelopes',
      envelope('sent', { initialHereTabs: [{ anchorString: 'e' }] }, crowded),
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      errorCode: 'INVALID_REQUEST_PARAMETER',
      message: expect.stringMatching(/recipient 1 occur at more than 10,000 places/),
    })
    // Every tab counts at every place: one tab on a 10-letter run of "e" fits (141 places a line, 9,447
    // in all), the same anchor on two tabs does not.
    const run = { anchorString: 'e'.repeat(10) }
    const one = await inject('POST', '/envelopes', envelope('sent', { initialHereTabs: [run] }, crowded))
    expect(one.statusCode, one.body).toBe(201)
    const two = await inject(
      'POST',
      '/envelopes',
      envelope('sent', { initialHereTabs: [run], signHereTabs: [run] }, crowded),
    )
    expect(two.statusCode).toBe(400)
    expect(two.json().message).toMatch(/recipient 1 occur at more than 10,000 places/)
    // A more specific anchor on the same document goes out.
    const specific = await inject(
      'POST',
      '/envelopes',
      envelope(
        'sent',
        { initialHereTabs: [{ anchorString: 'eeeee', anchorMatchWholeWord: 'true' }] },
        crowded,
      ),
    )
    expect(specific.statusCode).toBe(400)
    expect(specific.json().errorCode).toBe('ANCHOR_TAB_STRING_NOT_FOUND')
  })

  it('checks tabs and recipients added to a sent envelope', async () => {
    const created = await inject(
      'POST',
      '/envelopes',
      envelope('sent', { signHereTabs: [{ anchorString: '/sn1/' }] }),
    )
    expect(created.statusCode, created.body).toBe(201)
    const envelopeId: string = created.json().envelopeId

    const missingTab = await inject('POST', `/envelopes/${envelopeId}/recipients/1/tabs`, {
      textTabs: [{ anchorString: '/nowhere/', tabLabel: 'Nowhere' }],
    })
    expect(missingTab.statusCode).toBe(400)
    expect(missingTab.json().errorCode).toBe('ANCHOR_TAB_STRING_NOT_FOUND')
    const tabs = (await inject('GET', `/envelopes/${envelopeId}/recipients/1/tabs`)).json()
    expect(tabs.textTabs ?? []).toHaveLength(0)

    const found = await inject('POST', `/envelopes/${envelopeId}/recipients/1/tabs`, {
      dateSignedTabs: [{ anchorString: '/dt1/' }],
    })
    expect(found.statusCode, found.body).toBe(201)

    const missingRecipient = await inject('POST', `/envelopes/${envelopeId}/recipients`, {
      signers: [
        {
          recipientId: '2',
          routingOrder: '2',
          name: 'Bo Lind',
          email: 'bo@example.test',
          tabs: { signHereTabs: [{ anchorString: '/sn2/' }] },
        },
      ],
    })
    expect(missingRecipient.statusCode).toBe(400)
    expect(missingRecipient.json().errorCode).toBe('ANCHOR_TAB_STRING_NOT_FOUND')
    const recipients = (await inject('GET', `/envelopes/${envelopeId}/recipients`)).json()
    expect(recipients.signers).toHaveLength(1)
  })
})
