import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The IPC messages between bench/connect.ts and its receiver process (connect-receiver.ts). */

export type ReceiverCommand =
  | { type: 'listen'; port: number }
  | {
      type: 'reset'
      /** The HMAC secrets a delivery may be signed with. */
      secrets: string[]
      /** Sends `done` once this many distinct deliveries arrived. */
      expected?: number
      /** Sends an `arrival` for every distinct delivery. */
      notify: boolean
      /** Keeps every distinct body with its first signature, for the baseline to replay. */
      keepBodies: boolean
    }
  | { type: 'report' }

/** A delivery as the service posted it: the exact body and its `X-DocuSign-Signature-1`. */
export interface SignedBody {
  body: string
  signature: string
}

export interface ReceiverReport {
  type: 'report'
  /** Distinct deliveries (envelope, event, recipient) answered 200. */
  received: number
  /** Deliveries of an already received (envelope, event, recipient). */
  duplicates: number
  /** Bodies no secret signed (answered 401). */
  badSignatures: number
  /** Epoch ms (sub-millisecond) of the first and last distinct arrival. */
  firstAt: number
  lastAt: number
  /** Epoch ms of every distinct arrival, in order. */
  arrivals: number[]
  bodies: SignedBody[]
}

export type ReceiverEvent =
  | { type: 'started' | 'listening' | 'reset-done' | 'done' }
  | { type: 'arrival'; envelopeId: string; event: string; at: number }
  | ReceiverReport

export interface BenchReceiver {
  url: string
  reset(options: Omit<Extract<ReceiverCommand, { type: 'reset' }>, 'type'>): Promise<void>
  report(): Promise<ReceiverReport>
  /** Resolves at the `done` after the last reset (rejects after `timeoutMs`). */
  done(timeoutMs: number): Promise<void>
  onArrival(listener: (arrival: { envelopeId: string; event: string; at: number }) => void): void
  stop(): void
}

const RECEIVER_SCRIPT = fileURLToPath(new URL('./connect-receiver.ts', import.meta.url))

/** Forks the receiver (under tsx, like the service) and has it listen on `port` of 127.0.0.1. */
export async function startBenchReceiver(port: number): Promise<BenchReceiver> {
  const child: ChildProcess = fork(RECEIVER_SCRIPT, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const waiters: Array<{ type: string; resolve: (event: ReceiverEvent) => void }> = []
  const arrivalListeners: Array<(arrival: { envelopeId: string; event: string; at: number }) => void> = []
  let doneSeen = false
  child.on('message', (event: ReceiverEvent) => {
    if (event.type === 'arrival') {
      for (const listener of arrivalListeners) listener(event)
      return
    }
    if (event.type === 'done') doneSeen = true
    const index = waiters.findIndex((waiter) => waiter.type === event.type)
    if (index !== -1) waiters.splice(index, 1)[0]?.resolve(event)
  })
  const next = (type: string, timeoutMs = 30_000) =>
    new Promise<ReceiverEvent>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the receiver sent no ${type} within ${timeoutMs} ms`)),
        timeoutMs,
      )
      waiters.push({
        type,
        resolve: (event) => {
          clearTimeout(timer)
          resolve(event)
        },
      })
    })
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the receiver exited (${code})`))),
  )
  exited.catch(() => {})
  await Promise.race([next('started'), exited])
  const listening = next('listening')
  child.send({ type: 'listen', port } satisfies ReceiverCommand)
  await Promise.race([listening, exited])
  return {
    url: `http://127.0.0.1:${port}/connect`,
    async reset(options) {
      doneSeen = false
      const resetDone = next('reset-done')
      child.send({ type: 'reset', ...options } satisfies ReceiverCommand)
      await resetDone
    },
    async report() {
      const report = next('report')
      child.send({ type: 'report' } satisfies ReceiverCommand)
      return (await report) as ReceiverReport
    },
    async done(timeoutMs) {
      if (doneSeen) return
      await next('done', timeoutMs)
    },
    onArrival(listener) {
      arrivalListeners.push(listener)
    },
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    },
  }
}
