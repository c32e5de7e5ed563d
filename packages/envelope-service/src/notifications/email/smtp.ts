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
  const waiting = new Map<number, (reply: SmtpThreadReply) => void>()
  let thread: Worker | undefined
  let lastId = 0

  const start = (): Worker => {
    const started = new Worker(SMTP_THREAD_SOURCE, { eval: true, workerData: data })
    // Only messages on their way keep the process alive (see `send`), not an idle pool.
    started.unref()
    started.on('message', (reply: SmtpThreadReply) => {
      const answer = waiting.get(reply.id)
      waiting.delete(reply.id)
      if (waiting.size === 0) started.unref()
      answer?.(reply)
    })
    const ended = (message: string) => {
      if (thread === started) thread = undefined
      for (const [id, answer] of waiting) answer({ id, error: { code: 'ETHREAD', message } })
      waiting.clear()
    }
    started.on('error', (error) => ended(`the SMTP thread failed: ${error.message}`))
    started.on('exit', () => ended('the SMTP thread ended'))
    return started
  }

  return {
    send(message) {
      thread ??= start()
      const id = ++lastId
      const sending = thread
      return new Promise((resolve) => {
        waiting.set(id, (reply) =>
          resolve(
            'error' in reply
              ? classifySmtpError(reply.error)
              : { outcome: 'delivered', transport: 'smtp', providerMessageId: reply.messageId },
          ),
        )
        if (waiting.size === 1) sending.ref()
        sending.postMessage({ id, mail: mailOf(settings, message) } satisfies SmtpThreadRequest)
      })
    },
    close() {
      thread?.postMessage('close' satisfies SmtpThreadRequest)
      thread = undefined
    },
  }
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
