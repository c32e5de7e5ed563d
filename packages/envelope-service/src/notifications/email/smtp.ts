import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { DeliveryResult, EmailMessage } from '../../messages/message.js'
import {
  SMTP_THREAD_SOURCE,
  type SmtpThreadData,
  type SmtpThreadReply,
  type SmtpThreadRequest,
} from './smtp-thread.js'

export interface EmailTransport {
  send(message: EmailMessage): Promise<DeliveryResult>
  close(): void
}

export interface SmtpSettings {
  /** `smtp://user:pass@host:port` or `smtps://…`. */
  url: string
  /** The From address; the message's `fromName` is its display name. */
  from: string
}

/**
 * Email over SMTP with nodemailer, on a worker thread of its own (`smtp-thread.ts`). Connections are
 * pooled (one handshake for many messages) and time out after `timeoutMs`, so a hung server never holds
 * the outbox job. A failure says whether trying again can help: see `classifySmtpError`. The thread
 * starts with the first message; if it dies, the messages it held are answered "retry" (the outbox
 * sends them again) and the next message starts a new one.
 */
export function createSmtpTransport(
  settings: SmtpSettings,
  options: { timeoutMs?: number } = {},
): EmailTransport {
  const data: SmtpThreadData = {
    nodemailer: createRequire(import.meta.url).resolve('nodemailer'),
    url: settings.url,
    timeoutMs: options.timeoutMs ?? 30_000,
  }
  let current: SmtpThread | undefined
  let lastId = 0

  return {
    send(message) {
      current ??= startThread(data, (ended) => {
        if (current === ended) current = undefined
      })
      const { worker, waiting } = current
      const id = ++lastId
      return new Promise((resolve) => {
        waiting.set(id, (reply) =>
          resolve(
            'error' in reply
              ? classifySmtpError(reply.error)
              : { outcome: 'delivered', transport: 'smtp', providerMessageId: reply.messageId },
          ),
        )
        if (waiting.size === 1) worker.ref()
        worker.postMessage({ id, mail: mailOf(settings, message) } satisfies SmtpThreadRequest)
      })
    },
    close() {
      current?.worker.postMessage('close' satisfies SmtpThreadRequest)
      current = undefined
    },
  }
}

/**
 * A running SMTP thread and the answers its messages wait for: each thread has its own, so a thread that
 * ends after a `close` answers only the messages it held, never those of the thread started after it.
 */
interface SmtpThread {
  worker: Worker
  waiting: Map<number, (reply: SmtpThreadReply) => void>
}

function startThread(data: SmtpThreadData, onEnd: (thread: SmtpThread) => void): SmtpThread {
  const worker = new Worker(SMTP_THREAD_SOURCE, { eval: true, workerData: data })
  const thread: SmtpThread = { worker, waiting: new Map() }
  // Only messages on their way keep the process alive (see `send`), not an idle pool.
  worker.unref()
  worker.on('message', (reply: SmtpThreadReply) => {
    const answer = thread.waiting.get(reply.id)
    thread.waiting.delete(reply.id)
    if (thread.waiting.size === 0) worker.unref()
    answer?.(reply)
  })
  const ended = (message: string) => {
    onEnd(thread)
    for (const [id, answer] of thread.waiting) answer({ id, error: { code: 'ETHREAD', message } })
    thread.waiting.clear()
  }
  worker.on('error', (error) => ended(`the SMTP thread failed: ${error.message}`))
  worker.on('exit', () => ended('the SMTP thread ended'))
  return thread
}

/** nodemailer's message: the From address is the transport's, its display name the message's. */
function mailOf(settings: SmtpSettings, message: EmailMessage): Record<string, unknown> {
  return {
    from: { name: message.fromName, address: settings.from },
    to: message.to.name ? { name: message.to.name, address: message.to.address } : message.to.address,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.replyTo ? { replyTo: message.replyTo.name ? message.replyTo : message.replyTo.address } : {}),
    ...(message.bcc && message.bcc.length > 0 ? { bcc: message.bcc } : {}),
  }
}

/**
 * SMTP's own rule: a 4xx reply is temporary, a 5xx reply permanent (the recipient or the message was
 * refused). Authentication failures and unreachable servers are retried too: they are the operator's
 * to fix, and the message must still go out once they are.
 */
export function classifySmtpError(error: unknown): DeliveryResult {
  const details = error as { code?: string; responseCode?: number; response?: string; message?: string }
  const reason = `SMTP ${details.code ?? 'error'}${details.responseCode ? ` ${details.responseCode}` : ''}: ${
    details.response ?? details.message ?? String(error)
  }`
  if (details.code === 'EAUTH') return { outcome: 'retry', reason }
  if (details.responseCode !== undefined) {
    return { outcome: details.responseCode >= 500 ? 'failed' : 'retry', reason }
  }
  // Without a server reply, EMESSAGE means nodemailer could not build the message: it never will.
  return { outcome: details.code === 'EMESSAGE' ? 'failed' : 'retry', reason }
}
