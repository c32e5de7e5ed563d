import { describe, expect, it } from 'vitest'
import {
  DAY_MS,
  DOCUSIGN_DEFAULT_NOTIFICATION,
  dueNotifications,
  effectiveNotificationSettings,
  type NotificationSettings,
} from './schedule.js'

const sentAt = new Date('2026-11-01T09:00:00.000Z')
const days = (count: number, from = sentAt) => new Date(from.getTime() + count * DAY_MS)

const settings: NotificationSettings = {
  reminders: { reminderEnabled: true, reminderDelay: 2, reminderFrequency: 3 },
  expirations: { expireEnabled: true, expireAfter: 10, expireWarn: 2 },
}

/** An injected clock: the schedule is asked at `now`, with what has already been sent. */
const at = (now: Date, sent: { lastReminderAt?: Date; expiryWarningSentAt?: Date; invitedAt?: Date } = {}) =>
  dueNotifications({ settings, envelopeSentAt: sentAt, invitedAt: sent.invitedAt ?? sentAt, now, ...sent })

describe('effectiveNotificationSettings', () => {
  const account: NotificationSettings = {
    reminders: { reminderEnabled: true, reminderDelay: 44, reminderFrequency: 33 },
    expirations: { expireEnabled: true, expireAfter: 22, expireWarn: 11 },
  }

  it("uses DocuSign's API defaults without a notification or account settings: 120 days, no reminders", () => {
    expect(effectiveNotificationSettings(undefined)).toEqual(DOCUSIGN_DEFAULT_NOTIFICATION)
    expect(DOCUSIGN_DEFAULT_NOTIFICATION.expirations).toEqual({
      expireEnabled: true,
      expireAfter: 120,
      expireWarn: 0,
    })
    expect(DOCUSIGN_DEFAULT_NOTIFICATION.reminders.reminderEnabled).toBe(false)
  })

  it('uses the account defaults with useAccountDefaults, whatever else the notification says', () => {
    const notification = {
      useAccountDefaults: true,
      reminders: { reminderEnabled: true, reminderDelay: 2, reminderFrequency: 1 },
      expirations: { expireEnabled: true, expireAfter: 250, expireWarn: 5 },
    }
    expect(effectiveNotificationSettings(notification, account)).toEqual(account)
  })

  it("uses the envelope's own settings otherwise, filling missing fields from the account", () => {
    const notification = {
      reminders: { reminderEnabled: true, reminderDelay: 2 },
      expirations: { expireEnabled: true, expireAfter: 30, expireWarn: 5 },
    }
    expect(effectiveNotificationSettings(notification, account)).toEqual({
      reminders: { reminderEnabled: true, reminderDelay: 2, reminderFrequency: 33 },
      expirations: { expireEnabled: true, expireAfter: 30, expireWarn: 5 },
    })
  })

  it('turns reminders off when disabled, and falls back to the account expiry when expireEnabled is false', () => {
    const notification = {
      reminders: { reminderEnabled: false, reminderDelay: 1, reminderFrequency: 1 },
      expirations: { expireEnabled: false, expireAfter: 999, expireWarn: 1 },
    }
    const effective = effectiveNotificationSettings(notification, account)
    expect(effective.reminders.reminderEnabled).toBe(false)
    expect(effective.expirations).toEqual(account.expirations)
  })
})

describe('dueNotifications', () => {
  it('is quiet before the reminder delay and says when to look again', () => {
    expect(at(days(1))).toEqual({ remind: false, warnOfExpiry: false, expire: false, nextCheckAt: days(2) })
  })

  it('reminds after reminderDelay days, then every reminderFrequency days after the last reminder', () => {
    expect(at(days(2)).remind).toBe(true)
    const lastReminderAt = days(2)
    expect(at(days(4), { lastReminderAt })).toMatchObject({ remind: false, nextCheckAt: days(5) })
    expect(at(days(5), { lastReminderAt }).remind).toBe(true)
  })

  it('counts reminders from when the current group was invited', () => {
    const invitedAt = days(3)
    expect(at(days(4), { invitedAt, lastReminderAt: days(2) }).remind).toBe(false)
    expect(at(days(5), { invitedAt, lastReminderAt: days(2) }).remind).toBe(true)
  })

  it('sends one reminder only when reminderFrequency is 0', () => {
    const once = { ...settings, reminders: { ...settings.reminders, reminderFrequency: 0 } }
    const due = (now: Date, lastReminderAt?: Date) =>
      dueNotifications({ settings: once, envelopeSentAt: sentAt, invitedAt: sentAt, now, lastReminderAt })
    expect(due(days(2)).remind).toBe(true)
    expect(due(days(9), days(2)).remind).toBe(false)
  })

  it('warns expireWarn days before expiry, once', () => {
    expect(at(days(7)).warnOfExpiry).toBe(false)
    expect(at(days(8)).warnOfExpiry).toBe(true)
    expect(at(days(9), { expiryWarningSentAt: days(8), lastReminderAt: days(8) })).toEqual({
      remind: false,
      warnOfExpiry: false,
      expire: false,
      nextCheckAt: days(10),
    })
  })

  it('expires after expireAfter days, and then nothing else is due', () => {
    expect(at(new Date(days(10).getTime() - 1)).expire).toBe(false)
    expect(at(days(10))).toEqual({ remind: false, warnOfExpiry: false, expire: true })
  })

  it('never expires when expiration is off, and sends no warning when expireWarn is 0', () => {
    const never: NotificationSettings = {
      reminders: { reminderEnabled: false, reminderDelay: 0, reminderFrequency: 0 },
      expirations: { expireEnabled: false, expireAfter: 1, expireWarn: 0 },
    }
    expect(
      dueNotifications({ settings: never, envelopeSentAt: sentAt, invitedAt: sentAt, now: days(500) }),
    ).toEqual({
      remind: false,
      warnOfExpiry: false,
      expire: false,
    })
    const defaults = (now: Date) =>
      dueNotifications({
        settings: DOCUSIGN_DEFAULT_NOTIFICATION,
        envelopeSentAt: sentAt,
        invitedAt: sentAt,
        now,
      })
    expect(defaults(days(119))).toEqual({
      remind: false,
      warnOfExpiry: false,
      expire: false,
      nextCheckAt: days(120),
    })
    expect(defaults(days(120)).expire).toBe(true)
  })
})
