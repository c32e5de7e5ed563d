import fc from 'fast-check'
import { type App, createApp } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ensureDemoData } from '../cases/demo-data.js'
import { findCaseByNumber, listCaseEnvelopes } from '../cases/repository.js'
import { type CaseStore, openCaseStore } from '../cases/store.js'
import { CONNECT_LISTENER_PATH, registerCompletionListener } from './routes.js'
import { isAuthenticConnectDelivery, signConnectBody } from './signature.js'

const SECRET = 'first-secret-0123456789abcdef0123456789abcdef'
const ROTATED = 'second-secret-abcdef0123456789'
const NOW = '2026-11-22T12:00:00.000Z'

function payload(
  caseId: string | undefined,
  overrides: { event?: string; status?: string; retryCount?: number } = {},
) {
  return {
    event: overrides.event ?? 'envelope-completed',
    apiVersion: 'v2.1',
    uri: '/restapi/v2.1/accounts/acc-1/envelopes/env-1',
    retryCount: overrides.retryCount ?? 0,
    configurationId: 7,
    generatedDateTime: '2026-11-22T11:59:59.000Z',
    data: {
      accountId: 'acc-1',
      userId: 'user-1',
      envelopeId: 'env-1',
      envelopeSummary: {
        status: overrides.status ?? 'completed',
        emailSubject: 'Inkwell: Sign',
        completedDateTime: '2026-11-22T11:59:58.123Z',
        customFields: {
          textCustomFields:
            caseId === undefined
              ? []
              : [{ name: 'CrmRecordId', value: caseId, show: 'false', required: 'false' }],
        },
      },
    },
  }
}

describe('Connect signature (X-DocuSign-Signature-n)', () => {
  it('property: a body signed with any of our secrets verifies; any changed byte does not', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 200 }),
        fc.string({ minLength: 1 }),
        fc.nat(),
        (bytes, secret, at) => {
          const body = Buffer.from(bytes)
          const headers = { 'x-docusign-signature-1': signConnectBody(body, secret) }
          expect(isAuthenticConnectDelivery(body, headers, ['other', secret])).toBe(true)
          const changed = Buffer.from(body)
          changed[at % changed.length] = ((changed[at % changed.length] as number) + 1) % 256
          expect(isAuthenticConnectDelivery(changed, headers, [secret])).toBe(false)
        },
      ),
    )
  })

  it('refuses a body without signature headers and any body when no secret is configured', () => {
    const body = Buffer.from('{}')
    expect(isAuthenticConnectDelivery(body, {}, [SECRET])).toBe(false)
    expect(
      isAuthenticConnectDelivery(body, { 'x-docusign-signature-1': signConnectBody(body, SECRET) }, []),
    ).toBe(false)
  })
})

describeEachDatabase('completion listener', (databases) => {
  let store: CaseStore
  let app: App
  let caseId: string
  let secrets: string[]

  beforeEach(async () => {
    store = await openCaseStore(await databases.freshUrl())
    await ensureDemoData(store.db, NOW)
    caseId = (await findCaseByNumber(store.db, '00001001'))?.id as string
    await store.recordEnvelopeSent({
      caseId,
      envelopeId: 'env-1',
      status: 'sent',
      sentAt: '2026-11-22T11:00:00.000Z',
    })
    secrets = [SECRET]
    app = createApp({
      logLevel: false,
      bodyLimit: 1_048_576,
      renderError: (error) => ({ error: error.message }),
    })
    await registerCompletionListener(app, {
      db: store.db,
      secrets: () => secrets,
      now: () => Date.parse(NOW),
    })
    await app.ready()
  })
  afterEach(async () => {
    await app.close()
    await store.close()
  })

  const deliver = (
    body: string,
    headers: Record<string, string> = { 'x-docusign-signature-1': signConnectBody(body, SECRET) },
  ) =>
    app.inject({
      method: 'POST',
      url: CONNECT_LISTENER_PATH,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    })

  it('marks the case envelope completed with the completion time from a signed envelope-completed delivery', async () => {
    const response = await deliver(JSON.stringify(payload(caseId)))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ applied: true, caseId, status: 'completed' })
    expect(await listCaseEnvelopes(store.db, caseId)).toEqual([
      {
        envelopeId: 'env-1',
        caseId,
        status: 'completed',
        sentAt: '2026-11-22T11:00:00.000Z',
        completedAt: '2026-11-22T11:59:58.123Z',
        updatedAt: NOW,
      },
    ])
  })

  it('refuses unsigned and wrongly signed deliveries with 401 and changes nothing', async () => {
    const body = JSON.stringify(payload(caseId))
    expect((await deliver(body, {})).statusCode).toBe(401)
    expect(
      (await deliver(body, { 'x-docusign-signature-1': signConnectBody(body, 'wrong') })).statusCode,
    ).toBe(401)
    expect((await deliver(body, { 'x-docusign-signature-1': 'not base64 at all' })).statusCode).toBe(401)
    // The signature covers the exact bytes: the same JSON spaced differently is a different body.
    const respaced = JSON.stringify(payload(caseId), null, 2)
    expect(
      (await deliver(respaced, { 'x-docusign-signature-1': signConnectBody(body, SECRET) })).statusCode,
    ).toBe(401)
    expect((await listCaseEnvelopes(store.db, caseId))[0]?.status).toBe('sent')
  })

  it('accepts a delivery signed with a rotated secret in a later signature header', async () => {
    secrets = [ROTATED]
    const body = JSON.stringify(payload(caseId))
    const response = await deliver(body, {
      'x-docusign-signature-1': signConnectBody(body, SECRET),
      'x-docusign-signature-2': signConnectBody(body, ROTATED),
    })
    expect(response.statusCode).toBe(200)
    expect((await listCaseEnvelopes(store.db, caseId))[0]?.status).toBe('completed')
  })

  it('is idempotent: a redelivery changes nothing', async () => {
    await deliver(JSON.stringify(payload(caseId)))
    const before = await listCaseEnvelopes(store.db, caseId)
    const again = await deliver(JSON.stringify(payload(caseId, { retryCount: 1 })))
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ applied: false, reason: 'redelivery' })
    expect(await listCaseEnvelopes(store.db, caseId)).toEqual(before)
    const claimed = await store.db.selectFrom('processed_events').selectAll().execute()
    expect(claimed).toHaveLength(1)
  })

  it('never lets a late envelope-delivered overwrite completed', async () => {
    await deliver(JSON.stringify(payload(caseId)))
    const late = await deliver(
      JSON.stringify(payload(caseId, { event: 'envelope-delivered', status: 'delivered' })),
    )
    expect(late.json()).toEqual({ applied: false, reason: 'older than recorded' })
    expect((await listCaseEnvelopes(store.db, caseId))[0]?.status).toBe('completed')
  })

  it('answers 200 without applying an event with no CrmRecordId or of an unknown case', async () => {
    expect((await deliver(JSON.stringify(payload(undefined)))).json()).toEqual({
      applied: false,
      reason: 'no CrmRecordId',
    })
    const unknown = await deliver(
      JSON.stringify({
        ...payload('no-such-case'),
        data: { ...payload('no-such-case').data, envelopeId: 'env-9' },
      }),
    )
    expect(unknown.json()).toEqual({ applied: false, reason: 'unknown case' })
    expect(await store.db.selectFrom('case_envelopes').selectAll().execute()).toHaveLength(1)
  })

  it('answers 400 to a signed body that is not JSON or not a delivery', async () => {
    expect((await deliver('{not json')).statusCode).toBe(400)
    const notDelivery = await deliver(JSON.stringify({ event: 'envelope-completed' }))
    expect(notDelivery.statusCode).toBe(400)
    expect(notDelivery.json().error).toMatch(/not a Connect JSON SIM delivery/)
  })
})
