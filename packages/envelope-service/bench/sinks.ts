import { fork } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * Message receivers for the benchmarks: they count what arrives without parsing it, so the sink is
 * never the bottleneck and costs the measured service nothing.
 */

export interface CountingSink {
  url: string
  accepted(): number
  close(): Promise<void>
}

/** An SMTP listener on 127.0.0.1 that accepts every message (no STARTTLS, no AUTH). */
export async function startSmtpCounter(): Promise<CountingSink> {
  let accepted = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => {
        accepted++
        callback()
      })
    },
  })
  // A service stopped mid-send resets its connections: not a failure of the sink.
  server.on('error', () => {})
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    accepted: () => accepted,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}

/**
 * The same listener in a child process (`smtp-sink-process.ts`), as a real relay would be: what it
 * spends on each message is then not taken from the measured service's event loop.
 */
export async function startSmtpCounterProcess(): Promise<
  Omit<CountingSink, 'accepted'> & { accepted(): Promise<number> }
> {
  const child = fork(new URL('./smtp-sink-process.ts', import.meta.url), { execArgv: process.execArgv })
  const [{ url }] = (await once(child, 'message')) as [{ url: string }]
  return {
    url,
    async accepted() {
      child.send('accepted')
      const [{ accepted }] = (await once(child, 'message')) as [{ accepted: number }]
      return accepted
    },
    async close() {
      child.send('close')
      await once(child, 'exit')
    },
  }
}

/** Answers every request as Twilio's Messages API does (201 with a sid). */
export function startSmsCounter(): Promise<CountingSink> {
  return startHttpCounter(201, (accepted) => JSON.stringify({ sid: `SM${accepted}`, status: 'queued' }))
}

/** Answers every request 200, as a Connect listener acknowledges a delivery. */
export function startWebhookCounter(): Promise<CountingSink> {
  return startHttpCounter(200, () => '{}')
}

async function startHttpCounter(status: number, body: (accepted: number) => string): Promise<CountingSink> {
  let accepted = 0
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      accepted++
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(body(accepted))
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accepted: () => accepted,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}
