import type { DbOrTx } from '../database.js'
import { newTimeOrderedId } from '../ids.js'

export interface MailboxMessage {
  id: string
  channel: 'email' | 'sms'
  recipient: string
  subject: string
  textBody: string
  htmlBody?: string
  createdAt: string
}

export async function keepMessage(
  db: DbOrTx,
  message: Omit<MailboxMessage, 'id' | 'createdAt'>,
  now: number,
) {
  const id = newTimeOrderedId(now)
  await db
    .insertInto('dev_mailbox')
    .values({
      id,
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject,
      text_body: message.textBody,
      html_body: message.htmlBody ?? null,
      created_at: new Date(now).toISOString(),
    })
    .execute()
  return id
}

/** The newest messages first, optionally only those for one address or phone number. */
export async function listMessages(db: DbOrTx, options: { limit: number; recipient?: string }) {
  let query = db.selectFrom('dev_mailbox').selectAll().orderBy('id', 'desc').limit(options.limit)
  if (options.recipient) query = query.where('recipient', '=', options.recipient)
  const rows = await query.execute()
  return rows.map(
    (row): MailboxMessage => ({
      id: row.id,
      channel: row.channel === 'sms' ? 'sms' : 'email',
      recipient: row.recipient,
      subject: row.subject,
      textBody: row.text_body,
      ...(row.html_body === null ? {} : { htmlBody: row.html_body }),
      createdAt: row.created_at,
    }),
  )
}

/** How many messages there are, optionally only those for one address or phone number. */
export async function countMessages(db: DbOrTx, options: { recipient?: string }): Promise<number> {
  let query = db.selectFrom('dev_mailbox').select((eb) => eb.fn.countAll<string | number>().as('total'))
  if (options.recipient) query = query.where('recipient', '=', options.recipient)
  const row = await query.executeTakeFirstOrThrow()
  return Number(row.total)
}
