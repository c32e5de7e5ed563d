import { describeEachDatabase } from 'platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signaturePng } from '../../completion/test-fixtures.js'
import { pdftotext } from '../../completion/test-poppler.js'
import { makePdfBase64 } from '../../documents/test-pdfs.js'
import {
  seedPrincipal,
  startTestService,
  type TestPrincipal,
  type TestService,
} from '../../testing/harness.js'
import { embeddedSigningHeaders, injectAs } from '../../testing/inject.js'
import { agreementHolds, disclosureRequired, disclosureVersion } from './rules.js'
import { DISCLOSURE_TEXT } from './text.js'

describe('who must agree to the electronic record disclosure', () => {
  it('signers and in-person signers of an envelope that asks, or that does not say in an account that shows it', () => {
    for (const type of ['signer', 'inPersonSigner'] as const) {
      for (const account of [true, false]) {
        expect(disclosureRequired({ useDisclosure: true }, { type }, account)).toBe(true)
        expect(disclosureRequired({ useDisclosure: false }, { type }, account)).toBe(false)
        // Not given: the account's setting.
        expect(disclosureRequired({}, { type }, account)).toBe(account)
      }
    }
    for (const type of ['carbonCopy', 'certifiedDelivery'] as const) {
      expect(disclosureRequired({ useDisclosure: true }, { type }, true)).toBe(false)
      expect(disclosureRequired({}, { type }, true)).toBe(false)
    }
  })
})

describe("the version of an account's disclosure", () => {
  it('is the same for settings that read the same, and changes with what a signer reads', () => {
    expect(disclosureVersion({})).toBe('')
    // Stored but empty, or a version borrowing nothing: read as this service's text.
    expect(disclosureVersion({ en: {}, es: {} })).toBe('')
    const details = { companyName: 'Acme', changeEmail: 'a@acme.test', withdrawByEmail: true }
    const reordered = { withdrawByEmail: true, changeEmail: 'a@acme.test', companyName: 'Acme' }
    expect(disclosureVersion({ en: details })).toBe(disclosureVersion({ en: reordered }))
    // A Spanish version never set reads the English addresses: saving them as its own changes nothing read.
    expect(disclosureVersion({ en: details })).toBe(disclosureVersion({ en: details, es: details }))
    expect(disclosureVersion({ en: details })).not.toBe(
      disclosureVersion({ en: { ...details, changeEmail: 'b@acme.test' } }),
    )
    expect(disclosureVersion({ en: details })).not.toBe(
      disclosureVersion({ en: { ...details, ownText: '<p>Ours</p>' } }),
    )
  })

  it('holds an agreement given to it, or given before versions were kept', () => {
    expect(agreementHolds(undefined, '')).toBe(false)
    expect(agreementHolds({}, 'v2')).toBe(true)
    expect(agreementHolds({ version: 'v1' }, 'v1')).toBe(true)
    expect(agreementHolds({ version: 'v1' }, 'v2')).toBe(false)
  })
})

/**
 * DocuSign's `useDisclosure` end to end through the signing API: the page's session says the signer
 * owes the agreement, signing is refused until it is given, giving it is recorded once in the history
 * with where it came from, and templates pass it to their envelopes.
 */
describeEachDatabase('the Electronic Record and Signature Disclosure', (databases) => {
  let service: TestService
  let sender: TestPrincipal
  let pdf: string

  beforeAll(async () => {
    service = await startTestService(await databases.freshUrl())
    sender = await seedPrincipal(service.ctx)
    pdf = await makePdfBase64(1, 'Lease')
  })
  afterAll(() => service?.close())

  const signer = {
    recipientId: '1',
    name: 'Nora',
    email: 'nora@example.test',
    clientUserId: 'crm-nora',
    tabs: { signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '72', yPosition: '300' }] },
  }
  const documents = () => [{ documentId: '1', name: 'Lease', fileExtension: 'pdf', documentBase64: pdf }]
  const client = { 'user-agent': 'Disclosure test browser' }

  async function create(extra: object): Promise<string> {
    const response = await injectAs(service, sender, 'POST', '/envelopes', {
      status: 'sent',
      emailSubject: 'Lease',
      documents: documents(),
      recipients: { signers: [signer] },
      ...extra,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().envelopeId
  }
  const signing = (headers: Record<string, string>, path: string, payload?: object) =>
    service.app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/signing/api/${path}`,
      headers: { ...headers, ...client },
      ...(payload ? { payload } : {}),
    })
  const finish = (headers: Record<string, string>) =>
    signing(headers, 'finish', { signature: signaturePng(), values: { 'signHereTabs-0': 'signed' } })
  const envelope = async (envelopeId: string) =>
    (await injectAs(service, sender, 'GET', `/envelopes/${envelopeId}`)).json()
  const auditActions = async (envelopeId: string) =>
    (await injectAs(service, sender, 'GET', `/envelopes/${envelopeId}/audit_events`))
      .json()
      .auditEvents.map((event: { eventFields: { name: string; value: string }[] }) =>
        Object.fromEntries(event.eventFields.map((field) => [field.name, field.value])),
      ) as Record<string, string>[]

  it('asks the signer first, refuses signing until they agree, and records the agreement once', async () => {
    const envelopeId = await create({ useDisclosure: 'true' })
    expect((await envelope(envelopeId)).useDisclosure).toBe('true')
    const headers = await embeddedSigningHeaders(service, sender, envelopeId, signer)
    const session = await signing(headers, 'session')
    expect(session.statusCode, session.body).toBe(200)
    expect(session.json().disclosure).toEqual({ accepted: false, version: '' })

    const early = await finish(headers)
    expect(early.statusCode).toBe(400)
    expect(early.json().message).toContain('Electronic Record and Signature Disclosure')

    const agreed = await signing(headers, 'disclosure', {})
    expect(agreed.statusCode, agreed.body).toBe(200)
    expect(agreed.json()).toEqual({ accepted: true })
    // Agreeing again is no change: one entry in the history.
    expect((await signing(headers, 'disclosure', {})).statusCode).toBe(200)
    // Opened again (a new recipient view), the page knows it was given.
    const again = await embeddedSigningHeaders(service, sender, envelopeId, signer)
    expect((await signing(again, 'session')).json().disclosure).toEqual({ accepted: true, version: '' })
    const entries = (await auditActions(envelopeId)).filter((entry) => entry.Action === 'Disclosure Accepted')
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ UserName: 'Nora', ClientIPAddress: '127.0.0.1' })

    const signed = await finish(headers)
    expect(signed.statusCode, signed.body).toBe(200)
    expect((await envelope(envelopeId)).status).toBe('completed')
  })

  it('records one agreement when the page sends two at once', async () => {
    const envelopeId = await create({ useDisclosure: 'true' })
    const headers = await embeddedSigningHeaders(service, sender, envelopeId, signer)
    expect((await signing(headers, 'session')).statusCode).toBe(200)
    const answers = await Promise.all([1, 2, 3].map(() => signing(headers, 'disclosure', {})))
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200)
    const entries = (await auditActions(envelopeId)).filter((entry) => entry.Action === 'Disclosure Accepted')
    expect(entries).toHaveLength(1)
  })

  it('asks again after a correction gives the signer a new address, not after a new name', async () => {
    const envelopeId = await create({ useDisclosure: 'true' })
    const headers = await embeddedSigningHeaders(service, sender, envelopeId, signer)
    expect((await signing(headers, 'session')).statusCode).toBe(200)
    expect((await signing(headers, 'disclosure', {})).statusCode).toBe(200)
    const correct = (change: object) =>
      injectAs(service, sender, 'PUT', `/envelopes/${envelopeId}/recipients`, {
        signers: [{ recipientId: '1', ...change }],
      })

    const renamed = await correct({ name: 'Nora Díaz' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const sameAddress = await embeddedSigningHeaders(service, sender, envelopeId, {
      ...signer,
      name: 'Nora Díaz',
    })
    expect((await signing(sameAddress, 'session')).json().disclosure).toEqual({ accepted: true, version: '' })

    const moved = await correct({ email: 'nora.diaz@example.test' })
    expect(moved.statusCode, moved.body).toBe(200)
    const newAddress = { ...signer, name: 'Nora Díaz', email: 'nora.diaz@example.test' }
    const reached = await embeddedSigningHeaders(service, sender, envelopeId, newAddress)
    expect((await signing(reached, 'session')).json().disclosure).toEqual({ accepted: false, version: '' })
    expect((await finish(reached)).statusCode).toBe(400)
    expect((await signing(reached, 'disclosure', {})).statusCode).toBe(200)
    // The history keeps both agreements: the first address's and the new one's.
    const entries = (await auditActions(envelopeId)).filter((entry) => entry.Action === 'Disclosure Accepted')
    expect(entries).toHaveLength(2)
    expect((await finish(reached)).statusCode).toBe(200)
  })

  it('asks again when the account changes its disclosure before the signer signs, and not for a read sent back', async () => {
    const envelopeId = await create({ useDisclosure: 'true' })
    const headers = await embeddedSigningHeaders(service, sender, envelopeId, signer)
    const first = (await signing(headers, 'session')).json().disclosure
    expect((await signing(headers, 'disclosure', { version: first.version })).statusCode).toBe(200)
    const updateDisclosure = (payload: object) =>
      injectAs(service, sender, 'PUT', '/consumer_disclosure/en', payload)

    // A read sent back changes nothing: the agreement holds.
    const read = (await injectAs(service, sender, 'GET', '/consumer_disclosure/en')).json()
    expect((await updateDisclosure(read)).statusCode).toBe(200)
    expect((await signing(headers, 'disclosure')).json()).toEqual({ accepted: true, version: first.version })

    const changed = await updateDisclosure({ companyName: 'Acme Rentals', changeEmail: 'records@acme.test' })
    expect(changed.statusCode, changed.body).toBe(200)
    const now = (await signing(headers, 'disclosure')).json()
    expect(now).toMatchObject({ accepted: false, details: { en: { companyName: 'Acme Rentals' } } })
    expect(now.version).not.toBe(first.version)
    expect((await finish(headers)).statusCode).toBe(400)

    // The page that still shows the old version is told to read it again; nothing is recorded.
    const stale = await signing(headers, 'disclosure', { version: first.version })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ errorCode: 'DISCLOSURE_CHANGED' })
    const agreed = await signing(headers, 'disclosure', { version: now.version })
    expect(agreed.statusCode, agreed.body).toBe(200)
    expect((await signing(headers, 'disclosure', { version: now.version })).statusCode).toBe(200)
    const entries = (await auditActions(envelopeId)).filter((entry) => entry.Action === 'Disclosure Accepted')
    expect(entries).toHaveLength(2)
    expect((await finish(headers)).statusCode).toBe(200)

    // Agreements recorded before versions were kept (migration 0054) stand whatever changes.
    const older = await create({ useDisclosure: 'true' })
    const olderHeaders = await embeddedSigningHeaders(service, sender, older, signer)
    expect((await signing(olderHeaders, 'session')).statusCode).toBe(200)
    expect((await signing(olderHeaders, 'disclosure', {})).statusCode).toBe(200)
    await service.ctx.db
      .updateTable('recipient_disclosures')
      .set({ text_version: null })
      .where('envelope_id', '=', older)
      .execute()
    expect((await updateDisclosure({ changeEmail: 'people@acme.test' })).statusCode).toBe(200)
    expect((await signing(olderHeaders, 'disclosure')).json().accepted).toBe(true)
    expect((await finish(olderHeaders)).statusCode).toBe(200)
    // Back to a disclosure with nothing added, for the tests after this one.
    expect((await updateDisclosure({ companyName: '', changeEmail: '' })).statusCode).toBe(200)
  })

  it('prints on the certificate each disclosure its signers agreed to, as they read it, after the account changed it', async () => {
    const updateDisclosure = (payload: object) =>
      injectAs(service, sender, 'PUT', '/consumer_disclosure/en', payload)
    const ownText =
      '<h2>Acme terms</h2><p>We keep your records electronically.</p><ul><li>Paper copies cost $1 a page.</li></ul>'
    expect((await updateDisclosure({ custom: 'true', esignText: ownText })).statusCode).toBe(200)
    const second = {
      recipientId: '2',
      name: 'Olga',
      email: 'olga@example.test',
      clientUserId: 'crm-olga',
      routingOrder: '2',
      tabs: { signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '300', yPosition: '300' }] },
    }
    const envelopeId = await create({ useDisclosure: 'true', recipients: { signers: [signer, second] } })
    const nora = await embeddedSigningHeaders(service, sender, envelopeId, signer)
    const first = (await signing(nora, 'session')).json().disclosure
    const agreed = await signing(nora, 'disclosure', { version: first.version, language: 'en' })
    expect(agreed.statusCode, agreed.body).toBe(200)
    expect((await finish(nora)).statusCode).toBe(200)

    // The account goes back to the service's text, with its name; the second signer reads it in Spanish.
    expect((await updateDisclosure({ custom: 'false', companyName: 'Acme Rentals' })).statusCode).toBe(200)
    const olga = await embeddedSigningHeaders(service, sender, envelopeId, second)
    const now = (await signing(olga, 'session')).json().disclosure
    expect(now.version).not.toBe(first.version)
    expect((await signing(olga, 'disclosure', { version: now.version, language: 'es' })).statusCode).toBe(200)
    // A language the page cannot show is refused.
    expect((await signing(olga, 'disclosure', { version: now.version, language: 'fr' })).statusCode).toBe(400)
    const signed = await finish(olga)
    expect(signed.statusCode, signed.body).toBe(200)
    expect((await envelope(envelopeId)).status).toBe('completed')

    const certificate = await injectAs(
      service,
      sender,
      'GET',
      `/envelopes/${envelopeId}/documents/certificate`,
    )
    expect(certificate.statusCode).toBe(200)
    const text = (await pdftotext(certificate.rawPayload)).replace(/\s+/g, ' ')
    // pdftotext reads a label's column before its values: each is looked for on its own.
    const at = (part: string | RegExp) => {
      const index = typeof part === 'string' ? text.indexOf(part) : text.search(part)
      expect(index, String(part)).toBeGreaterThanOrEqual(0)
      return index
    }
    // Nora's: the account's own text, as she read it before the account changed it, then Olga's: the
    // service's text in Spanish, speaking for the account's name.
    const order = [
      at('Electronic Record and Signature Disclosure Agreed to by'),
      at(/Nora \(\d{4}-/),
      at(`${DISCLOSURE_TEXT.en.title} Acme terms We keep your records electronically.`),
      at('Paper copies cost $1 a page.'),
      at(DISCLOSURE_TEXT.en.agree),
      at(/Olga \(\d{4}-/),
      at(DISCLOSURE_TEXT.es.title),
      at(DISCLOSURE_TEXT.es.intro('Acme Rentals')),
      at(DISCLOSURE_TEXT.es.agree),
    ]
    expect(order).toEqual([...order].sort((a, b) => a - b))

    // Back to a disclosure with nothing added, for the tests after this one.
    expect((await updateDisclosure({ companyName: '' })).statusCode).toBe(200)
  })

  it('asks nothing when the envelope does not ask, and refuses an agreement nobody asked for', async () => {
    for (const extra of [{}, { useDisclosure: 'false' }]) {
      const envelopeId = await create(extra)
      const read = await envelope(envelopeId)
      // Not given is not returned, as DocuSign does; "false" is.
      if ('useDisclosure' in extra) expect(read.useDisclosure).toBe('false')
      else expect(read).not.toHaveProperty('useDisclosure')
      const headers = await embeddedSigningHeaders(service, sender, envelopeId, signer)
      expect((await signing(headers, 'session')).json()).not.toHaveProperty('disclosure')
      const refused = await signing(headers, 'disclosure', {})
      expect(refused.statusCode).toBe(400)
      expect(refused.json().message).toContain('does not ask')
      expect((await finish(headers)).statusCode).toBe(200)
    }
  })

  it('refuses a value other than "true" or "false"', async () => {
    const response = await injectAs(service, sender, 'POST', '/envelopes', {
      useDisclosure: 'yes',
      documents: documents(),
      recipients: { signers: [signer] },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toContain('useDisclosure')
  })

  it("passes a template's useDisclosure to its envelopes, unless the envelope says otherwise", async () => {
    const created = await injectAs(service, sender, 'POST', '/templates', {
      name: 'Lease with disclosure',
      useDisclosure: 'true',
      documents: documents(),
      recipients: { signers: [{ recipientId: '1', roleName: 'Tenant', tabs: signer.tabs }] },
    })
    expect(created.statusCode, created.body).toBe(201)
    const { templateId } = created.json()
    expect((await injectAs(service, sender, 'GET', `/templates/${templateId}`)).json().useDisclosure).toBe(
      'true',
    )
    const tenant = {
      roleName: 'Tenant',
      name: signer.name,
      email: signer.email,
      clientUserId: signer.clientUserId,
    }
    const inherited = await create({
      documents: undefined,
      recipients: undefined,
      templateId,
      templateRoles: [tenant],
    })
    expect((await envelope(inherited)).useDisclosure).toBe('true')
    const headers = await embeddedSigningHeaders(service, sender, inherited, signer)
    expect((await signing(headers, 'session')).json().disclosure).toEqual({ accepted: false, version: '' })
    const own = await create({
      documents: undefined,
      recipients: undefined,
      templateId,
      templateRoles: [tenant],
      useDisclosure: 'false',
    })
    expect((await envelope(own)).useDisclosure).toBe('false')
  })

  it('asks on every envelope that does not say once the account shows it everywhere, and not otherwise', async () => {
    const setting = async (on: boolean) => {
      const response = await injectAs(service, sender, 'PUT', '/consumer_disclosure/es', {
        useConsumerDisclosureWithinAccount: String(on),
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json().useConsumerDisclosureWithinAccount).toBe(String(on))
    }
    const asked = async (extra: object) => {
      const envelopeId = await create(extra)
      const headers = await embeddedSigningHeaders(service, sender, envelopeId, signer)
      const session = (await signing(headers, 'session')).json()
      return { asked: session.disclosure !== undefined, envelopeId, headers }
    }
    await setting(true)
    // One setting for the account, whichever language set it.
    expect((await injectAs(service, sender, 'GET', '/consumer_disclosure/en')).json()).toMatchObject({
      useConsumerDisclosureWithinAccount: 'true',
    })
    const unsaid = await asked({})
    expect(unsaid.asked).toBe(true)
    expect((await envelope(unsaid.envelopeId)).useDisclosure).toBeUndefined()
    expect((await finish(unsaid.headers)).statusCode).toBe(400)
    expect((await signing(unsaid.headers, 'disclosure', {})).statusCode).toBe(200)
    expect((await finish(unsaid.headers)).statusCode).toBe(200)
    expect((await asked({ useDisclosure: 'false' })).asked).toBe(false)
    expect((await asked({ useDisclosure: 'true' })).asked).toBe(true)

    await setting(false)
    const after = await asked({})
    expect(after.asked).toBe(false)
    expect((await signing(after.headers, 'disclosure', {})).statusCode).toBe(400)
  })
})
