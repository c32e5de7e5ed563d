import nodemailer from 'nodemailer'
import type { DeliveryResult, EmailMessage } from '../../messages/message.js'

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
 * Email over SMTP with nodemailer. Connections are pooled (one handshake for many messages, which the
 * dispatch benchmark needs) and time out after `timeoutMs`, so a hung server never holds the outbox
 * job. A failure says whether trying again can help: see `classifySmtpError`.
 */
export function createSmtpTransport(
  settings: SmtpSettings,
  options: { timeoutMs?: number } = {},
): EmailTransport {
  const timeoutMs = options.timeoutMs ?? 30_000
  const transporter = nodemailer.createTransport({
    url: settings.url,
    pool: true,
    maxConnections: 8,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // Message content comes from senders: never let nodemailer read local files or fetch URLs for it.
    disableFileAccess: true,
    disableUrlAccess: true,
  } as Parameters<typeof nodemailer.createTransport>[0])
  return {
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from: { name: message.fromName, address: settings.from },
          to: message.to.name ? { name: message.to.name, address: message.to.address } : message.to.address,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo
            ? { replyTo: message.replyTo.name ? message.replyTo : message.replyTo.address }
            : {}),
          ...(message.bcc && message.bcc.length > 0 ? { bcc: message.bcc } : {}),
        })
        return { outcome: 'delivered', transport: 'smtp', providerMessageId: String(info.messageId) }
      } catch (error) {
        return classifySmtpError(error)
      }
    },
    close() {
      transporter.close()
    },
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
