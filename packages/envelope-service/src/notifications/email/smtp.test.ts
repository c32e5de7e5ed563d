import { createServer, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeMessages } from '../../messages/compose.js'
import type { EmailMessage } from '../../messages/message.js'
import { startSmtpSink } from '../testing/smtp-sink.js'
import { classifySmtpError, createSmtpTransport } from './smtp.js'

let sink: Awaited<ReturnType<typeof startSmtpSink>>

beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(async () => {
  await sink.close()
})

const invitation = (language: 'en' | 'es', email = 'ana@example.test') =>
  composeMessages({
    kind: 'invitation',
    language,
    channel: 'email',
    envelope: {
      emailSubject: 'Acuerdo de servicio <ñ> & "más"',
      emailBlurb: 'Please sign by Friday.\nThanks!',
      senderName: 'Sam Sender',
    },
    recipient: { name: 'Ana Núñez', email },
    link: 'https://localhost:8443/signing/abc123?lang=x&y=<z>',
  })[0] as EmailMessage

describe('SMTP transport', () => {
  it('delivers the invitation to a real SMTP listener with both parts, authenticated from SMTP_URL', async () => {
    const transport = createSmtpTransport({ url: sink.url, from: 'no-reply@inkwell.test' })
    const before = sink.received.length
    const result = await transport.send(invitation('es'))
    transport.close()

    expect(result).toMatchObject({ outcome: 'delivered', transport: 'smtp' })
    expect(sink.received).toHaveLength(before + 1)
    const mail = sink.received.at(-1)!
    expect(mail.user).toBe('mailer')
    expect(mail.from).toBe('no-reply@inkwell.test')
    expect(mail.to).toEqual(['ana@example.test'])
    expect(mail.subject).toBe('Acuerdo de servicio <ñ> & "más"')
    expect(mail.headers.get('from')).toContain('no-reply@inkwell.test')
    expect(mail.text).toContain('Hola, Ana Núñez:')
    expect(mail.text).toContain('Sam Sender le envió un documento para revisar y firmar.')
    expect(mail.text).toContain('Please sign by Friday.\nThanks!')
    expect(mail.text).toContain('Revisar y firmar: https://localhost:8443/signing/abc123?lang=x&y=%3Cz%3E')
    expect(mail.html).toContain('href="https://localhost:8443/signing/abc123?lang=x&amp;y=%3Cz%3E"')
    expect(mail.html).toContain('<title>Acuerdo de servicio &lt;ñ&gt; &amp; &quot;más&quot;</title>')
    expect(mail.html).toContain('Please sign by Friday.<br>Thanks!')
  })

  it('answers a 5xx rejection as a permanent failure and a 4xx as retry-later', async () => {
    const transport = createSmtpTransport({ url: sink.url, from: 'no-reply@inkwell.test' })
    sink.failNext(550, 'Mailbox unavailable')
    const rejected = await transport.send(invitation('en'))
    sink.failNext(451, 'Try again later')
    const deferred = await transport.send(invitation('en'))
    const accepted = await transport.send(invitation('en'))
    transport.close()

    expect(rejected).toMatchObject({ outcome: 'failed' })
    expect((rejected as { reason: string }).reason).toContain('550')
    expect(deferred).toMatchObject({ outcome: 'retry' })
    expect((deferred as { reason: string }).reason).toContain('451')
    expect(accepted).toMatchObject({ outcome: 'delivered' })
  })

  it('retries when the server is unreachable or the credentials are wrong', async () => {
    const closed = await startSmtpSink()
    await closed.close()
    const unreachable = createSmtpTransport({ url: closed.url, from: 'a@b.test' }, { timeoutMs: 2_000 })
    expect(await unreachable.send(invitation('en'))).toMatchObject({ outcome: 'retry' })
    unreachable.close()

    const wrongPassword = sink.url.replace('s3cret', 'wrong')
    const unauthorized = createSmtpTransport({ url: wrongPassword, from: 'a@b.test' }, { timeoutMs: 2_000 })
    const before = sink.received.length
    const result = await unauthorized.send(invitation('en'))
    unauthorized.close()
    expect(result).toMatchObject({ outcome: 'retry' })
    expect((result as { reason: string }).reason).toContain('EAUTH')
    expect(sink.received).toHaveLength(before)
  })

  it('sends many messages at once from its thread, each answered with its own message id', async () => {
    const transport = createSmtpTransport({ url: sink.url, from: 'no-reply@inkwell.test' })
    const before = sink.received.length
    const addresses = Array.from({ length: 40 }, (_, index) => `signer-${index}@example.test`)
    const results = await Promise.all(addresses.map((address) => transport.send(invitation('en', address))))
    transport.close()

    expect(results.every((result) => result.outcome === 'delivered')).toBe(true)
    const ids = results.map((result) => (result as { providerMessageId: string }).providerMessageId)
    expect(new Set(ids).size).toBe(addresses.length)
    const arrived = sink.received.slice(before)
    expect(arrived.map((mail) => mail.to[0]).sort()).toEqual([...addresses].sort())
    // Each answer belongs to its own message: the id a send got is the Message-ID of the mail to that address.
    for (const [index, address] of addresses.entries()) {
      const mail = arrived.find((candidate) => candidate.to[0] === address)!
      expect(mail.headers.get('message-id')).toBe(ids[index])
    }
  })

  it('answers a message still on its way when the transport closes as retry, not one sent after, and sends again', async () => {
    // A server that accepts the connection and never greets: the message waits for it.
    const sockets = new Set<Socket>()
    const silent = createServer((socket) => sockets.add(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as { port: number }).port
    const transport = createSmtpTransport(
      { url: `smtp://127.0.0.1:${port}`, from: 'a@b.test' },
      { timeoutMs: 60_000 },
    )
    const waiting = transport.send(invitation('en'))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const started = Date.now()
    transport.close()
    // A message sent after the close goes to a new thread: the old one's end does not answer it.
    let laterAnswered = false
    const later = transport.send(invitation('en')).finally(() => {
      laterAnswered = true
    })
    expect(await waiting).toMatchObject({ outcome: 'retry' })
    expect(Date.now() - started).toBeLessThan(10_000)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(laterAnswered).toBe(false)
    transport.close()
    expect(await later).toMatchObject({ outcome: 'retry' })
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => silent.close(() => resolve()))

    const again = createSmtpTransport({ url: sink.url, from: 'no-reply@inkwell.test' })
    expect(await again.send(invitation('en'))).toMatchObject({ outcome: 'delivered' })
    again.close()
  })

  it('classifies by SMTP reply class', () => {
    expect(classifySmtpError({ code: 'EENVELOPE', responseCode: 553 }).outcome).toBe('failed')
    expect(classifySmtpError({ code: 'EENVELOPE', responseCode: 452 }).outcome).toBe('retry')
    expect(classifySmtpError({ code: 'ETIMEDOUT' }).outcome).toBe('retry')
    expect(classifySmtpError(new Error('boom')).outcome).toBe('retry')
  })
})
