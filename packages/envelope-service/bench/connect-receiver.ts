/**
 * The Connect benchmark's receiver, a process of its own (forked by bench/connect.ts with an IPC
 * channel), so that the service and the bare client it is compared with both post to another process.
 * A node:http server on 127.0.0.1 that checks every delivery the way DocuSign's HMAC recipe says
 * (HMAC-SHA256 of the raw body keyed with the secret's UTF-8 bytes, base64, compared in constant time
 * with each `X-DocuSign-Signature-<n>` header) and answers 200, or 401 to a body no secret signed.
 * Arrival times are `performance.timeOrigin + performance.now()`, comparable with the parent's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { ReceiverCommand, ReceiverEvent, ReceiverReport, SignedBody } from './connect-protocol.js'

let secrets: string[] = []
let expected = Number.POSITIVE_INFINITY
let notify = false
let keepBodies = false
let doneSent = false
const seen = new Set<string>()
let received = 0
let duplicates = 0
let badSignatures = 0
let firstAt = 0
let lastAt = 0
let bodies: SignedBody[] = []
let arrivals: number[] = []

const send = (event: ReceiverEvent) => process.send?.(event)
const epochMs = () => performance.timeOrigin + performance.now()

function signedByAnySecret(raw: Buffer, headers: IncomingHttpHeaders): boolean {
  const given = Object.entries(headers)
    .filter(([name]) => /^x-docusign-signature-\d+$/.test(name))
    .map(([, value]) => Buffer.from(String(value)))
  return secrets.some((secret) => {
    const expectedMac = Buffer.from(
      createHmac('sha256', Buffer.from(secret, 'utf8')).update(raw).digest('base64'),
    )
    return given.some(
      (header) => header.length === expectedMac.length && timingSafeEqual(header, expectedMac),
    )
  })
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const raw = Buffer.concat(chunks)
    if (!signedByAnySecret(raw, request.headers)) {
      badSignatures++
      response.statusCode = 401
      response.end('bad signature')
      return
    }
    const at = epochMs()
    const body = JSON.parse(raw.toString('utf8')) as {
      event: string
      data: { envelopeId: string; recipientId?: string }
    }
    response.end('ok')
    const key = `${body.data.envelopeId} ${body.event} ${body.data.recipientId ?? ''}`
    if (seen.has(key)) {
      duplicates++
      return
    }
    seen.add(key)
    received++
    if (firstAt === 0) firstAt = at
    lastAt = at
    arrivals.push(at)
    if (keepBodies) {
      bodies.push({
        body: raw.toString('utf8'),
        signature: String(request.headers['x-docusign-signature-1']),
      })
    }
    if (notify) send({ type: 'arrival', envelopeId: body.data.envelopeId, event: body.event, at })
    if (!doneSent && received >= expected) {
      doneSent = true
      send({ type: 'done' })
    }
  })
})
server.keepAliveTimeout = 60_000

function report(): ReceiverReport {
  return { type: 'report', received, duplicates, badSignatures, firstAt, lastAt, arrivals, bodies }
}

process.on('message', (command: ReceiverCommand) => {
  switch (command.type) {
    case 'listen':
      server.listen(command.port, '127.0.0.1', () => send({ type: 'listening' }))
      break
    case 'reset':
      secrets = command.secrets
      expected = command.expected ?? Number.POSITIVE_INFINITY
      notify = command.notify
      keepBodies = command.keepBodies
      doneSent = false
      seen.clear()
      received = 0
      duplicates = 0
      badSignatures = 0
      firstAt = 0
      lastAt = 0
      bodies = []
      arrivals = []
      send({ type: 'reset-done' })
      break
    case 'report':
      send(report())
      break
  }
})
process.on('disconnect', () => process.exit(0))
send({ type: 'started' })
