import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import { type ParsedMail, parseMail } from './mime.js'

export interface ReceivedMail extends ParsedMail {
  from: string
  to: string[]
  raw: string
  user?: string
}

/**
 * A real SMTP listener on 127.0.0.1 for tests: requires AUTH with the given credentials, records and
 * parses every message, and can be told to answer the next messages with an SMTP error.
 */
export async function startSmtpSink(credentials = { user: 'mailer', pass: 's3cret' }) {
  const received: ReceivedMail[] = []
  const failures: { code: number; message: string }[] = []
  const options: SMTPServerOptions = {
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username })
      } else {
        callback(new Error('Invalid username or password'))
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const failure = failures.shift()
        if (failure) {
          callback(Object.assign(new Error(failure.message), { responseCode: failure.code }))
          return
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        received.push({
          ...parseMail(raw),
          raw,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          ...(typeof session.user === 'string' ? { user: session.user } : {}),
        })
        callback()
      })
    },
  }
  const server = new SMTPServer(options)
  // A client that goes away mid-session (a test that kills its process, a transport timing out) resets
  // the connection; the sink records messages, it does not fail on that.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    port,
    received,
    /** The next message is answered with this SMTP reply instead of being accepted. */
    failNext(code: number, message: string) {
      failures.push({ code, message })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
