import { runPool } from 'bench-kit'
import { runFanOutRound } from '../src/connect/delivery/fan-out.js'
import { makePdfBase64 } from '../src/documents/test-pdfs.js'
import { OUTBOX_TOPICS } from '../src/outbox/topics.js'
import { connectConfigurationBody, SIGNING_EVENTS } from '../src/testing/connect-configuration.js'
import { startTestService } from '../src/testing/harness.js'
import { type DemoCredentials, tokenRequestBodies } from './setup.js'

/**
 * What the Connect benchmark sends: its envelopes (one embedded signer, so no invitation message
 * competes with the deliveries), its Connect configurations, and the queue of events built through the
 * real write path while no service process runs.
 */

/** A 1x1 PNG: the signature the finish call adopts. */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

export const SIGNER = { name: 'Ana Ruiz', email: 'ana.ruiz@example.test', clientUserId: 'crm-ana' }

export { SIGNING_EVENTS }

export function connectConfiguration(url: string, events: string[]) {
  return connectConfigurationBody(url, { name: 'Connect benchmark', events })
}

/** The secret a configuration was created with (`hmacSecrets[0].secret`, shown once). */
export function secretOf(created: { connectId: string; hmacSecrets?: Array<{ secret?: string }> }): string {
  const secret = created.hmacSecrets?.[0]?.secret
  if (!secret) throw new Error(`configuration ${created.connectId} was created without a secret`)
  return secret
}

export async function envelopeBody(sequence: number) {
  return {
    status: 'sent',
    emailSubject: `Connect benchmark ${sequence}`,
    documents: [{ documentId: '1', name: 'Contract', fileExtension: 'pdf', documentBase64: await pdf() }],
    recipients: {
      signers: [
        {
          recipientId: '1',
          routingOrder: '1',
          ...SIGNER,
          tabs: {
            signHereTabs: [{ documentId: '1', pageNumber: '1', xPosition: '100', yPosition: '100' }],
          },
        },
      ],
    },
    customFields: {
      textCustomFields: [
        { name: 'CrmRecordId', value: `500Dn${String(sequence).padStart(8, '0')}`, show: 'false' },
        { name: 'CaseNumber', value: `CASE-${sequence}`, show: 'false' },
      ],
    },
  }
}

let cachedPdf: Promise<string> | undefined
const pdf = () => {
  cachedPdf ??= makePdfBase64(1, 'Sign here')
  return cachedPdf
}

export interface QueuedEvents {
  connectId: string
  secret: string
  /** Connect events queued (outbox rows, or deliveries when fanned out already). */
  events: number
  envelopes: number
}

/**
 * What waits when the services start: the events in the outbox (fan-out and sender measured together),
 * or the deliveries the fan-out made of them in this process beforehand (the sender alone).
 */
export type QueueStage = 'events' | 'deliveries'

/**
 * Queues at least `events` Connect events with no service process running: the service is built in
 * this process with its job runner stopped, a configuration for `url` (envelope-sent, recipient-sent)
 * is created and envelopes are sent through the REST API, whose transactions write the outbox rows.
 * The rows wait until a service process starts; nothing is fanned out or delivered before.
 */
export async function queueEvents(options: {
  databaseUrl: string
  env: Record<string, string>
  credentials: DemoCredentials
  url: string
  events: number
  stage: QueueStage
}): Promise<QueuedEvents> {
  const service = await startTestService(options.databaseUrl, options.env)
  try {
    // Started on ready; its first look for due jobs is a second away.
    await service.ctx.jobs.stop()
    const [assertion] = await tokenRequestBodies(options.credentials, 1)
    const granted = await service.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: assertion,
    })
    if (granted.statusCode !== 200) throw new Error(`token grant failed: ${granted.body}`)
    const headers = { authorization: `Bearer ${granted.json().access_token as string}` }
    const account = `/restapi/v2.1/accounts/${options.credentials.accountId}`
    const created = await service.app.inject({
      method: 'POST',
      url: `${account}/connect`,
      headers,
      payload: connectConfiguration(options.url, ['envelope-sent', 'recipient-sent']),
    })
    if (created.statusCode !== 201) throw new Error(`creating the configuration failed: ${created.body}`)
    const configuration = created.json() as { connectId: string }

    const countEvents = async () =>
      Number(
        (
          await service.ctx.db
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('topic', '=', OUTBOX_TOPICS.envelopeEvent)
            .executeTakeFirstOrThrow()
        ).count,
      )
    const createEnvelope = async (sequence: number) => {
      const response = await service.app.inject({
        method: 'POST',
        url: `${account}/envelopes`,
        headers,
        payload: await envelopeBody(sequence),
      })
      if (response.statusCode !== 201) throw new Error(`creating an envelope failed: ${response.body}`)
    }
    await createEnvelope(0)
    const perEnvelope = await countEvents()
    if (perEnvelope < 1) throw new Error('sending an envelope queued no Connect event')
    const envelopes = Math.ceil(options.events / perEnvelope)
    await runPool(envelopes - 1, 8, (index) => createEnvelope(index + 1))
    const events = await countEvents()
    if (options.stage === 'deliveries') {
      const { ctx } = service
      const deps = {
        db: ctx.db,
        dialect: ctx.database.dialect,
        now: ctx.now,
        owner: 'bench',
        wakeSender: () => {},
        nextId: ctx.sequentialId,
      }
      while (await runFanOutRound(deps)) {}
      const deliveries = await ctx.db.selectFrom('connect_deliveries').select('id').execute()
      if (deliveries.length !== events || (await countEvents()) !== 0) {
        throw new Error(`the fan-out made ${deliveries.length} deliveries of ${events} events`)
      }
    }
    return { connectId: configuration.connectId, secret: secretOf(created.json()), events, envelopes }
  } finally {
    await service.close()
  }
}
