import type { Db } from '../database.js'
import { settingsOf } from './notification-settings.js'
import { findEnvelopesInProgress, stampNotice } from './repository.js'
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

/** One pass over the envelopes in progress; returns what it did, for logs and tests. */
export async function runScheduleRound(deps: { db: Db; now: () => number }) {
  const done = { reminded: 0, warned: 0, expired: 0 }
  for (const envelope of await findEnvelopesInProgress(deps.db)) {
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
        (tx) => stampNotice(tx, envelope.envelopeId, 'expiry_warned_at', now),
      )
      done.warned++
    }
    if (due.remind) {
      await applyTransition(
        deps,
        target,
        (stored, at) => remind(stored.state, at),
        SYSTEM,
        (tx) => stampNotice(tx, envelope.envelopeId, 'last_reminder_at', now),
      )
      done.reminded++
    }
  }
  return done
}
