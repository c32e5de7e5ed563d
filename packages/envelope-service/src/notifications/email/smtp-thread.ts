/**
 * The worker thread that talks SMTP for `createSmtpTransport`: nodemailer builds each message (MIME,
 * quoted-printable) and runs the SMTP exchange here, off the service's event loop. That work is about
 * 1.4 ms of CPU per message, more than the messages job's own reads and writes (BENCHMARKS.md, message
 * dispatch): on the main thread it delayed every API request during a burst of invitations, and it kept
 * dispatch on one core.
 *
 * Plain CommonJS evaluated as the worker's source (as platform's WAL checkpointer does), so the thread
 * needs no TypeScript loader in the service, the tests or the benchmarks.
 */

/** What the service asks of the thread: one message to send, or to close its connections and end. */
export type SmtpThreadRequest = { id: number; mail: Record<string, unknown> } | 'close'

/** The thread's answer to one message: nodemailer's message id, or the failure's SMTP details. */
export type SmtpThreadReply =
  | { id: number; messageId: string }
  | {
      id: number
      error: { code?: string; responseCode?: number; response?: string; message: string }
    }

export interface SmtpThreadData {
  /** Resolved path of nodemailer's CommonJS entry. */
  nodemailer: string
  url: string
  timeoutMs: number
}

export const SMTP_THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const nodemailer = require(workerData.nodemailer)
const transporter = nodemailer.createTransport({
  url: workerData.url,
  pool: true,
  maxConnections: 8,
  connectionTimeout: workerData.timeoutMs,
  greetingTimeout: workerData.timeoutMs,
  socketTimeout: workerData.timeoutMs,
  // Message content comes from senders: never let nodemailer read local files or fetch URLs for it.
  disableFileAccess: true,
  disableUrlAccess: true,
})
parentPort.on('message', (request) => {
  if (request === 'close') {
    transporter.close()
    // The thread ends once its connections have closed. A message still waiting for a server that does
    // not answer ends with it a second later, and the service answers it "retry" (the outbox keeps it).
    parentPort.unref()
    setTimeout(() => process.exit(0), 1000).unref()
    return
  }
  transporter.sendMail(request.mail).then(
    (info) => parentPort.postMessage({ id: request.id, messageId: String(info.messageId) }),
    (error) =>
      parentPort.postMessage({
        id: request.id,
        error: {
          code: error && typeof error.code === 'string' ? error.code : undefined,
          responseCode: error && typeof error.responseCode === 'number' ? error.responseCode : undefined,
          response: error && typeof error.response === 'string' ? error.response : undefined,
          message: String((error && error.message) || error),
        },
      }),
  )
})
`
