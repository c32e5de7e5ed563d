import { Agent, request } from 'node:http'
import { expectStatus, runPool, send } from 'bench-kit'
import {
  connectConfiguration,
  envelopeBody,
  SIGNATURE_PNG,
  SIGNER,
  SIGNING_EVENTS,
  secretOf,
} from './connect-envelopes.js'
import type { BenchReceiver, ReceiverReport, SignedBody } from './connect-protocol.js'

/** The Connect benchmark's two measurements and the baseline, against running service processes. */

export const epochMs = () => performance.timeOrigin + performance.now()

export interface Throughput {
  deliveries: number
  /** Epoch ms of the first arrival. */
  firstAt: number
  /** Distinct deliveries per second from the first arrival to the last. */
  perSecond: number
  elapsedMs: number
  duplicates: number
  badSignatures: number
  /** CPU time of the sender (the service processes, or the bare client) per delivery, ms. */
  cpuMsPerDelivery?: number
  /** From the first arrival until the outbox held no more events (service runs only). */
  fanOutLagMs?: number
}

function throughputOf(report: ReceiverReport): Throughput {
  const elapsedMs = report.lastAt - report.firstAt
  return {
    deliveries: report.received,
    firstAt: report.firstAt,
    perSecond: elapsedMs > 0 ? ((report.received - 1) / elapsedMs) * 1000 : Number.NaN,
    elapsedMs,
    duplicates: report.duplicates,
    badSignatures: report.badSignatures,
  }
}

/**
 * Waits until the receiver has every queued event (the services were started after `reset`), then a
 * moment longer so that a delivery sent twice would be counted, and reports the arrivals.
 */
export async function awaitQueuedDeliveries(
  receiver: BenchReceiver,
  expected: number,
  timeoutMs: number,
): Promise<{ throughput: Throughput; bodies: SignedBody[]; arrivals: number[] }> {
  await receiver.done(timeoutMs)
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const report = await receiver.report()
  if (report.received !== expected) {
    throw new Error(`the receiver got ${report.received} distinct deliveries, expected ${expected}`)
  }
  return { throughput: throughputOf(report), bodies: report.bodies, arrivals: report.arrivals }
}

/**
 * The ceiling: a bare node:http client (keep-alive, `concurrency` sockets) posting the same signed
 * bodies to the same receiver, `concurrency` requests in flight, as the sender does per target.
 */
export async function baseline(
  receiver: BenchReceiver,
  bodies: readonly SignedBody[],
  secrets: string[],
  concurrency: number,
  timeoutMs: number,
): Promise<Throughput> {
  await receiver.reset({ secrets, expected: bodies.length, notify: false, keepBodies: false })
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const cpuBefore = process.cpuUsage()
  try {
    await runPool(bodies.length, concurrency, (index) => {
      const { body, signature } = bodies[index] as SignedBody
      return new Promise<void>((resolve, reject) => {
        const outgoing = request(receiver.url, {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'X-DocuSign-Signature-1': signature,
          },
        })
        outgoing.on('response', (response) => {
          response.resume()
          response.on('end', () =>
            response.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${response.statusCode}`)),
          )
        })
        outgoing.on('error', reject)
        outgoing.end(body)
      })
    })
    const cpu = process.cpuUsage(cpuBefore)
    const { throughput } = await awaitQueuedDeliveries(receiver, bodies.length, timeoutMs)
    return { ...throughput, cpuMsPerDelivery: (cpu.user + cpu.system) / 1000 / bodies.length }
  } finally {
    agent.destroy()
  }
}

export interface Latency {
  /** Finish response to `envelope-completed` at the receiver, ms, in the order measured. */
  samplesMs: number[]
}

/**
 * `envelopes` signings one after the other (after `warmup` unmeasured ones): create and send an
 * envelope with one embedded signer, open a recipient view and its session, wait until
 * `envelope-delivered` arrived (the envelope's earlier events are then all delivered, in order), then
 * time from the finish response to `envelope-completed` at the receiver.
 */
export async function measureLatency(options: {
  baseUrl: string
  accountId: string
  bearer: string
  receiver: BenchReceiver
  envelopes: number
  warmup: number
  /** Per envelope: how long to wait for an event before failing. */
  eventTimeoutMs: number
}): Promise<Latency> {
  const { baseUrl, receiver } = options
  const account = `${baseUrl}/restapi/v2.1/accounts/${options.accountId}`
  const headers = { authorization: `Bearer ${options.bearer}` }
  const created = await send(
    'POST',
    `${account}/connect`,
    connectConfiguration(receiver.url, SIGNING_EVENTS),
    {
      headers,
    },
  )
  expectStatus(created, 201, 'creating the latency configuration')
  const configuration = JSON.parse(created.body) as { connectId: string }
  await receiver.reset({ secrets: [secretOf(configuration)], notify: true, keepBodies: false })

  const arrivals = new Map<string, number>()
  const waiting = new Map<string, (at: number) => void>()
  receiver.onArrival(({ envelopeId, event, at }) => {
    const key = `${envelopeId} ${event}`
    arrivals.set(key, at)
    waiting.get(key)?.(at)
  })
  const arrivalOf = (envelopeId: string, event: string) => {
    const key = `${envelopeId} ${event}`
    const known = arrivals.get(key)
    if (known !== undefined) return Promise.resolve(known)
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(key)
        reject(new Error(`${event} of ${envelopeId} did not arrive within ${options.eventTimeoutMs} ms`))
      }, options.eventTimeoutMs)
      waiting.set(key, (at) => {
        clearTimeout(timer)
        waiting.delete(key)
        resolve(at)
      })
    })
  }

  const samplesMs: number[] = []
  for (let index = 0; index < options.warmup + options.envelopes; index++) {
    const envelope = await send('POST', `${account}/envelopes`, await envelopeBody(index), { headers })
    expectStatus(envelope, 201, 'envelope create')
    const { envelopeId } = JSON.parse(envelope.body) as { envelopeId: string }
    const view = await send(
      'POST',
      `${account}/envelopes/${envelopeId}/views/recipient`,
      {
        returnUrl: 'https://crm.example.test/done',
        authenticationMethod: 'none',
        recipientId: '1',
        userName: SIGNER.name,
        email: SIGNER.email,
        clientUserId: SIGNER.clientUserId,
      },
      { headers },
    )
    expectStatus(view, 201, 'recipient view')
    const token = /#([A-Za-z0-9_-]+)$/.exec((JSON.parse(view.body) as { url: string }).url)?.[1]
    if (!token) throw new Error(`no signing token in ${view.body}`)
    const signing = { 'x-signing-token': token }
    expectStatus(
      await send('GET', `${baseUrl}/signing/api/session`, undefined, { headers: signing }),
      200,
      'signing session',
    )
    await arrivalOf(envelopeId, 'envelope-delivered')
    const finish = await send(
      'POST',
      `${baseUrl}/signing/api/finish`,
      { signature: SIGNATURE_PNG, values: { 'signHereTabs-0': 'signed' } },
      { headers: signing },
    )
    const finishedAt = epochMs()
    expectStatus(finish, 200, 'finish')
    const completedAt = await arrivalOf(envelopeId, 'envelope-completed')
    if (index >= options.warmup) samplesMs.push(completedAt - finishedAt)
  }
  const report = await receiver.report()
  if (report.duplicates > 0 || report.badSignatures > 0) {
    throw new Error(
      `latency run: ${report.duplicates} duplicate deliveries, ${report.badSignatures} bad signatures`,
    )
  }
  return { samplesMs }
}

/** The percentile of unsorted `values` (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}
