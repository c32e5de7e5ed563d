import type { Db, DbOrTx } from '../database.js'
import type { EnvelopeNotification } from '../envelopes/model.js'
import { settingsOf } from './notification-settings.js'
import { dueNotifications } from './schedule.js'
import { applyTransition } from './service.js'
import { expire, remind, warnOfExpiry } from './transitions.js'

/**
 * The reminders-and-expiry job: every envelope in progress is checked against its `notification`
 * (or the defaults); due reminders and expiry warnings go to the recipients who have not finished,
 * and an envelope past its expiry is voided with DocuSign's reason. Each goes through the lifecycle's
 * write path, so the messages, audit entries and Connect events are stored with it.
 */

export const SCHEDULE_JOB = 'lifecycle.reminders-and-expiry'
const SYSTEM = { source: 'System' as const, userName: 'Inkwell' }

interface InProgress {
  envelopeId: string
  sentAt: Date
  notification: EnvelopeNotification | undefined
  lastReminderAt: Date | undefined
  expiryWarnedAt: Date | undefined
  invitedAt: Date
}

async function inProgressEnvelopes(db: Db): Promise<InProgress[]> {
  const rows = await db
    .selectFrom('envelopes')
    .select(['id', 'sent_at', 'notification', 'last_reminder_at', 'expiry_warned_at'])
    .where('status', 'in', ['sent', 'delivered'])
    .execute()
  if (rows.length === 0) return []
  // When the recipients now pending were invited: the latest invitation among those who have not finished.
  const invited = await db
    .selectFrom('envelope_recipients')
    .select(['envelope_id', (eb) => eb.fn.max('sent_at').as('invited_at')])
    .where('status', 'in', ['sent', 'delivered'])
    .where(
      'envelope_id',
      'in',
      rows.map((row) => row.id),
    )
    .groupBy('envelope_id')
    .execute()
  const invitedAt = new Map(invited.map((row) => [row.envelope_id, row.invited_at]))
  return rows.flatMap((row) => {
    if (!row.sent_at) return []
    const sentAt = new Date(row.sent_at)
    const invitation = invitedAt.get(row.id)
    return [
      {
        envelopeId: row.id,
        sentAt,
        notification: row.notification ? (JSON.parse(row.notification) as EnvelopeNotification) : undefined,
        lastReminderAt: row.last_reminder_at ? new Date(row.last_reminder_at) : undefined,
        expiryWarnedAt: row.expiry_warned_at ? new Date(row.expiry_warned_at) : undefined,
        invitedAt: invitation ? new Date(invitation) : sentAt,
      },
    ]
  })
}

async function stamp(
  tx: DbOrTx,
  envelopeId: string,
  column: 'last_reminder_at' | 'expiry_warned_at',
  at: Date,
) {
  await tx
    .updateTable('envelopes')
    .set({ [column]: at.toISOString() })
    .where('id', '=', envelopeId)
    .execute()
}

/** One pass over the envelopes in progress; returns what it did, for logs and tests. */
export async function runScheduleRound(deps: { db: Db; now: () => number }) {
  const done = { reminded: 0, warned: 0, expired: 0 }
  for (const envelope of await inProgressEnvelopes(deps.db)) {
    const now = new Date(deps.now())
    const due = dueNotifications({
      settings: settingsOf(envelope.notification),
      envelopeSentAt: envelope.sentAt,
      invitedAt: envelope.invitedAt,
      ...(envelope.lastReminderAt ? { lastReminderAt: envelope.lastReminderAt } : {}),
      ...(envelope.expiryWarnedAt ? { expiryWarningSentAt: envelope.expiryWarnedAt } : {}),
      now,
    })
    const target = { envelopeId: envelope.envelopeId }
    if (due.expire) {
      await applyTransition(deps, target, (stored, at) => expire(stored.state, at), SYSTEM)
      done.expired++
      continue
    }
    if (due.warnOfExpiry) {
      await applyTransition(
        deps,
        target,
        (stored, at) => warnOfExpiry(stored.state, at),
        SYSTEM,
        (tx) => stamp(tx, envelope.envelopeId, 'expiry_warned_at', now),
      )
      done.warned++
    }
    if (due.remind) {
      await applyTransition(
        deps,
        target,
        (stored, at) => remind(stored.state, at),
        SYSTEM,
        (tx) => stamp(tx, envelope.envelopeId, 'last_reminder_at', now),
      )
      done.reminded++
    }
  }
  return done
}
