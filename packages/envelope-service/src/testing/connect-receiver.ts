import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from 'vitest'
import type { Db } from '../database.js'
import { makePdfBase64 } from '../documents/test-pdfs.js'
import { connectConfigurationBody } from './connect-configuration.js'
import { seedPrincipal, startTestService, type TestPrincipal, type TestService } from './harness.js'

/**
 * Test helpers for Connect delivery: a real node:http receiver that checks every signature the way
 * DocuSign documents it (HMAC-SHA256 of the raw body with the key's UTF-8 bytes, base64, compared in
 * constant time), and an envelope sent and signed through the REST and signing APIs.
 */

export interface Received {
  event: string
  envelopeId: string
  retryCount: number
  body: Record<string, unknown>
  signatureValid: boolean
  /** Every `X-DocuSign-Signature-N` header, in order. */
  signatures: string[]
  raw: Buffer
}

/** DocuSign's verification recipe: recompute the HMAC of the raw body, compare in constant time. */
export function verifySignature(rawBody: Buffer, secret: string, header: string | undefined): boolean {
  if (header === undefined) return false
  const expected = Buffer.from(
    createHmac('sha256', Buffer.from(secret, 'utf8')).update(rawBody).digest('base64'),
  )
  const given = Buffer.from(header)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export type Behaviour = (requestNumber: number, response: ServerResponse) => void

export async function startReceiver(behaviour: Behaviour = (_, response) => response.end('ok')) {
  const received: Received[] = []
  const state = { secret: '', requests: 0 }
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      state.requests += 1
      const raw = Buffer.concat(chunks)
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown> & {
        data: { envelopeId: string }
      }
      const before = response.statusCode
      behaviour(state.requests, response)
      // Only what was answered with a 2xx counts as received.
      if (
        response.statusCode >= 200 &&
        response.statusCode < 300 &&
        before === 200 &&
        response.writableEnded
      ) {
        received.push({
          event: body.event as string,
          envelopeId: body.data.envelopeId,
          retryCount: body.retryCount as number,
          body,
          signatureValid: verifySignature(
            raw,
            state.secret,
            request.headers['x-docusign-signature-1'] as string,
          ),
          signatures: Object.keys(request.headers)
            .filter((name) => /^x-docusign-signature-\d+$/.test(name))
            .sort()
            .map((name) => request.headers[name] as string),
          raw,
        })
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Polls `condition` until it holds; a timeout's error says what `explain` tells of the state then. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  explain?: () => string | Promise<string>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(explain === undefined ? 'timed out waiting' : `timed out waiting: ${await explain()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

export interface Harness {
  service: TestService
  principal: TestPrincipal
}

export async function startService(
  url: string,
  env: Record<string, string> = {},
  now?: () => number,
): Promise<Harness> {
  const service = await startTestService(
    url,
    { DEV_MAILBOX: 'true', CONNECT_ALLOW_PRIVATE_URLS: 'true', ...env },
    now,
  )
  const principal = await seedPrincipal(service.ctx)
  return { service, principal }
}

/** Creates a configuration through the API; returns its id and generated secret (read from the table). */
export async function createConfiguration(
  { service, principal }: Harness,
  url: string,
  overrides: Record<string, unknown> = {},
): Promise<{ connectId: string; secret: string }> {
  const response = await service.app.inject({
    method: 'POST',
    url: `/restapi/v2.1/accounts/${principal.accountId}/connect`,
    headers: principal.headers,
    payload: connectConfigurationBody(url, overrides),
  })
  expect(response.statusCode, response.body).toBe(201)
  const connectId = response.json().connectId as string
  const row = await service.ctx.db
    .selectFrom('connect_hmac_secrets')
    .select('secret')
    .where('configuration_id', '=', Number(connectId))
    .executeTakeFirstOrThrow()
  return { connectId, secret: row.secret }
}

export async function sendEnvelope({ service, principal }: Harness): Promise<string> {
  const response = await service.app.inject({
    method: 'POST',
    url: `/restapi/v2.1/accounts/${principal.accountId}/envelopes`,
    headers: principal.headers,
    payload: {
      status: 'sent',
      emailSubject: 'Please sign the contract',
      documents: [
        {
          documentId: '1',
          name: 'Contract',
          fileExtension: 'pdf',
          documentBase64: await makePdfBase64(1, 'Sign'),
        },
      ],
      recipients: {
        signers: [
          {
            recipientId: '1',
            routingOrder: '1',
            name: 'Ann Signer',
            email: 'ann@example.test',
            tabs: {
              signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }],
            },
          },
        ],
      },
      customFields: {
        textCustomFields: [
          { name: 'CrmRecordId', value: 'CRM-4711', show: 'false' },
          { name: 'CaseNumber', value: 'CASE-2026-17', show: 'false' },
        ],
      },
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().envelopeId as string
}

/**
 * Opens and signs as a signer through the signing API, with the link from the mailbox: the envelope's one
 * signer, or the one invited at `to`.
 */
export async function signEnvelope(
  { service }: Pick<Harness, 'service'>,
  envelopeSubject = 'Please sign the contract',
  to?: string,
): Promise<void> {
  let token: string | undefined
  await waitFor(async () => {
    // The mailbox answers only the hosts it knows (MAILBOX_ALLOWED_HOSTS): the service's own is one.
    const mailbox = await service.app.inject({
      url: '/dev/mailbox/messages',
      headers: { host: new URL(service.ctx.publicUrl).host },
    })
    const invitation = (
      mailbox.json().messages as Array<{
        recipient: string
        subject: string
        textBody?: string
        htmlBody?: string
      }>
    )
      .filter((message) => to === undefined || message.recipient === to)
      .map((message) => JSON.stringify(message))
      .find((message) => message.includes(envelopeSubject))
    token = invitation ? /signing\/#([A-Za-z0-9_-]+)/.exec(invitation)?.[1] : undefined
    return token !== undefined
  })
  const headers = { 'x-signing-token': token as string }
  const session = await service.app.inject({ url: '/signing/api/session', headers })
  expect(session.statusCode, session.body).toBe(200)
  const finish = await service.app.inject({
    method: 'POST',
    url: '/signing/api/finish',
    headers,
    payload: { signature: PNG, values: { 'signHereTabs-0': 'signed' } },
  })
  expect(finish.statusCode, finish.body).toBe(200)
}

/** A test's clock, ahead of the real one by what the test moved it: the service reads `now`. */
export interface MovableClock {
  now: () => number
  advance: (ms: number) => void
}

export function movableClock(): MovableClock {
  let offsetMs = 0
  return {
    now: () => Date.now() + offsetMs,
    advance: (ms) => {
      offsetMs += ms
    },
  }
}

/** A row that comes due this close to the check counts as due: the move follows the check. */
const DUE_MARGIN_MS = 1_000

/**
 * Moves a test's clock past a retry's backoff, only while nothing can be claimed: every Connect
 * delivery waits for its retry or behind an earlier one of its envelope and target (claimDeliveries'
 * order), and no outbox row is due; nothing is leased. Moved while something could be claimed, the move could land between a claim
 * and its send, expire that lease at once and let the row be claimed and sent a second time (a receiver
 * then counts one delivery too many). Returns the check to call while polling.
 */
export function retryClock(db: Db, stepMs: number, clock: MovableClock): () => Promise<void> {
  return async () => {
    const dueBy = clock.now() + DUE_MARGIN_MS
    const deliveries = await db
      .selectFrom('connect_deliveries')
      .select(['id', 'envelope_id', 'configuration_id', 'url', 'next_attempt_at', 'lease_owner'])
      .orderBy('id')
      .execute()
    if (deliveries.length === 0) return
    const outbox = await db.selectFrom('outbox').select(['available_at', 'lease_owner']).execute()
    const ahead = new Set<string>()
    const claimable = deliveries.some((row) => {
      const target = JSON.stringify([row.envelope_id, row.configuration_id, row.url])
      const first = !ahead.has(target)
      ahead.add(target)
      return row.lease_owner !== null || (first && Number(row.next_attempt_at) <= dueBy)
    })
    const outboxBusy = outbox.some((row) => row.lease_owner !== null || Number(row.available_at) <= dueBy)
    if (claimable || outboxBusy) return
    clock.advance(stepMs)
  }
}
