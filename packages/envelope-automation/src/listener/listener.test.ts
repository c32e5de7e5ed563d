import fc from 'fast-check'
import { type App, createApp } from 'platform'
import { describeEachDatabase } from 'platform/testing'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ensureDemoData } from '../cases/demo-data.js'
import type { CaseEnvelope } from '../cases/model.js'
import { findCaseByNumber, listCaseEnvelopes } from '../cases/repository.js'
import { type CaseStore, openCaseStore } from '../cases/store.js'
import { reasonToIgnore } from './decide.js'
import { CONNECT_LISTENER_PATH, registerCompletionListener } from './routes.js'
import { isAuthenticConnectDelivery, signConnectBody } from './signature.js'

const SECRET = 'first-secret-0123456789abcdef0123456789abcdef'
const ROTATED = 'second-secret-abcdef0123456789'
const NOW = '2026-11-22T12:00:00.000Z'

function payload(
  caseId: string | undefined,
  overrides: {
    event?: string
    status?: string
    retryCount?: number
    envelopeId?: string
    accountId?: string
  } = {},
) {
  const envelopeId = overrides.envelopeId ?? 'env-1'
  const accountId = overrides.accountId ?? 'acc-1'

  return {
    event: overrides.event ?? 'envelope-completed',
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/${accountId}/envelopes/${envelopeId}`,
    retryCount: overrides.retryCount ?? 0,
    configurationId: 7,
    generatedDateTime: '2026-11-22T11:59:59.000Z',
    data: {
      accountId,
      userId: 'user-1',
      envelopeId,
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
  let victimCaseId: string
  let secrets: string[]
  let accountId: string | undefined

  beforeEach(async () => {
    store = await openCaseStore(await databases.freshUrl())
    await ensureDemoData(store.db, NOW)
    caseId = (await findCaseByNumber(store.db, '00001001'))?.id as string
    victimCaseId = (await findCaseByNumber(store.db, '00001002'))?.id as string
    await store.recordEnvelopeSent({
      caseId,
      envelopeId: 'env-1',
      accountId: 'acc-1',
      status: 'sent',
      sentAt: '2026-11-22T11:00:00.000Z',
    })
    secrets = [SECRET]
    accountId = 'acc-1'
    app = createApp({
      logLevel: false,
      bodyLimit: 1_048_576,
      renderError: (error) => ({ error: error.message }),
    })
    await registerCompletionListener(app, {
      db: store.db,
      secrets: () => secrets,
      accountId: () => accountId,
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
        accountId: 'acc-1',
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

  it('answers 200 without applying an event with no CrmRecordId', async () => {
    expect((await deliver(JSON.stringify(payload(undefined)))).json()).toEqual({
      applied: false,
      reason: 'no CrmRecordId',
    })
    expect((await listCaseEnvelopes(store.db, caseId))[0]?.status).toBe('sent')
  })

  describe('a correctly signed delivery of an envelope the console did not send (issue 25, finding 1)', () => {
    // Any member who may send envelopes can have the service sign a delivery for their own envelope that
    // names someone else's case: the signature alone proves nothing about the case.
    it('does not complete the case it names and answers 200 so Connect does not retry', async () => {
      const forged = await deliver(JSON.stringify(payload(victimCaseId, { envelopeId: 'env-forged' })))
      expect(forged.statusCode).toBe(200)
      expect(forged.json()).toEqual({ applied: false, reason: 'not sent by this console' })
      expect(await listCaseEnvelopes(store.db, victimCaseId)).toEqual([])
      expect(await store.db.selectFrom('case_envelopes').selectAll().execute()).toHaveLength(1)
    })

    it('does not move an envelope sent for one case onto the case another delivery names', async () => {
      const moved = await deliver(JSON.stringify(payload(victimCaseId)))
      expect(moved.json()).toEqual({ applied: false, reason: 'sent for another case' })
      expect(await listCaseEnvelopes(store.db, victimCaseId)).toEqual([])
      expect((await listCaseEnvelopes(store.db, caseId))[0]?.status).toBe('sent')
    })

    it('ignores a delivery from another account, even for an envelope id the console sent', async () => {
      const other = await deliver(JSON.stringify(payload(caseId, { accountId: 'acc-2' })))
      expect(other.json()).toEqual({ applied: false, reason: 'another account' })
      expect((await listCaseEnvelopes(store.db, caseId))[0]?.status).toBe('sent')
    })

    it('ignores an envelope recorded as sent from another account than the configured one', async () => {
      await store.recordEnvelopeSent({
        caseId: victimCaseId,
        envelopeId: 'env-2',
        accountId: 'acc-2',
        status: 'sent',
        sentAt: NOW,
      })
      const response = await deliver(JSON.stringify(payload(victimCaseId, { envelopeId: 'env-2' })))
      expect(response.json()).toEqual({ applied: false, reason: 'not sent by this console' })
      expect((await listCaseEnvelopes(store.db, victimCaseId))[0]?.status).toBe('sent')
    })

    it('ignores every delivery while the console has no account configured', async () => {
      accountId = undefined
      const response = await deliver(JSON.stringify(payload(caseId)))
      expect(response.json()).toEqual({ applied: false, reason: 'no account configured' })
      expect((await listCaseEnvelopes(store.db, caseId))[0]?.status).toBe('sent')
    })
  })

  it('answers 400 to a signed body that is not JSON or not a delivery', async () => {
    expect((await deliver('{not json')).statusCode).toBe(400)
    const notDelivery = await deliver(JSON.stringify({ event: 'envelope-completed' }))
    expect(notDelivery.statusCode).toBe(400)
    expect(notDelivery.json().error).toMatch(/not a Connect JSON SIM delivery/)
  })
})

describe('which deliveries are applied (reasonToIgnore)', () => {
  const sentRow = (overrides: Partial<CaseEnvelope> = {}): CaseEnvelope => ({
    envelopeId: 'env-1',
    caseId: 'case-1',
    accountId: 'acc-1',
    status: 'sent',
    sentAt: NOW,
    completedAt: null,
    updatedAt: NOW,
    ...overrides,
  })
  const statuses = fc.constantFrom('sent', 'delivered', 'completed', 'declined', 'voided')
  const ids = fc.constantFrom('a', 'b', '')

  it('property: applied exactly when the console sent that envelope for that case from the configured account', () => {
    fc.assert(
      fc.property(
        fc.record({ accountId: ids, caseId: ids, status: statuses }),
        fc.option(ids, { nil: undefined }),
        fc.option(fc.record({ accountId: fc.option(ids, { nil: null }), caseId: ids, status: statuses }), {
          nil: undefined,
        }),
        (delivery, configured, sent) => {
          const row = sent && sentRow(sent)
          const reason = reasonToIgnore(
            { envelopeId: 'env-1', ...delivery, caseId: delivery.caseId || undefined },
            configured,
            row,
          )
          const final = (status: string) => ['completed', 'declined', 'voided'].includes(status)
          const applies =
            delivery.caseId !== '' &&
            configured !== undefined &&
            delivery.accountId === configured &&
            row !== undefined &&
            row.accountId === configured &&
            row.caseId === delivery.caseId &&
            (final(delivery.status) || !final(row.status))
          expect(reason === undefined).toBe(applies)
        },
      ),
    )
  })
})
