import type { Db } from '../database.js'
import type { CapturedMessage } from '../notifications/mailbox.js'
import { countMessages, keepMessage, listMessages, type MailboxMessage } from './repository.js'

/** The development mailbox: what the messages job keeps instead of sending, and what the page lists. */

export function mailboxWriter(db: Db) {
  return (message: CapturedMessage) =>
    keepMessage(
      db,
      {
        channel: message.channel,
        recipient: message.to,
        subject: message.subject ?? 'SMS',
        textBody: message.text,
        ...(message.html ? { htmlBody: message.html } : {}),
      },
      Date.parse(message.capturedAt),
    )
}

export function recentMessages(
  db: Db,
  options: { limit: number; recipient?: string },
): Promise<MailboxMessage[]> {
  return listMessages(db, options)
}

export function messageCount(db: Db, options: { recipient?: string }): Promise<number> {
  return countMessages(db, options)
}
