import type { EnvelopeNotification as StoredNotification } from '../envelopes/model.js'
import {
  type EnvelopeNotification,
  effectiveNotificationSettings,
  expirationOf,
  type NotificationSettings,
} from './schedule.js'

/** The envelope's stored `notification` in the schedule's terms (DocuSign's day counts). */
export function scheduleNotificationOf(
  stored: StoredNotification | undefined,
): EnvelopeNotification | undefined {
  if (!stored) return undefined
  return {
    useAccountDefaults: stored.useAccountDefaults,
    ...(stored.reminders
      ? {
          reminders: {
            reminderEnabled: stored.reminders.reminderEnabled,
            reminderDelay: stored.reminders.reminderDelayDays,
            reminderFrequency: stored.reminders.reminderFrequencyDays,
          },
        }
      : {}),
    ...(stored.expirations
      ? {
          expirations: {
            expireEnabled: stored.expirations.expireEnabled,
            expireAfter: stored.expirations.expireAfterDays,
            expireWarn: stored.expirations.expireWarnDays,
          },
        }
      : {}),
  }
}

/**
 * An envelope marked `useAccountDefaults` that carries reminders and expirations holds the account's
 * defaults as they were when it was created (accounts/notification-defaults): those apply, not today's.
 */
function accountDefaultsAtCreation(stored: StoredNotification | undefined): NotificationSettings | undefined {
  if (!stored?.useAccountDefaults || !stored.reminders || !stored.expirations) return undefined
  return {
    reminders: {
      reminderEnabled: stored.reminders.reminderEnabled,
      reminderDelay: stored.reminders.reminderDelayDays,
      reminderFrequency: stored.reminders.reminderFrequencyDays,
    },
    expirations: {
      expireEnabled: stored.expirations.expireEnabled,
      expireAfter: stored.expirations.expireAfterDays,
      expireWarn: stored.expirations.expireWarnDays,
    },
  }
}

export function settingsOf(stored: StoredNotification | undefined): NotificationSettings {
  return accountDefaultsAtCreation(stored) ?? effectiveNotificationSettings(scheduleNotificationOf(stored))
}

/**
 * A link keeps opening this long after its envelope expires, so the recipient sees "expired" (the
 * envelope is voided by then, so the page shows its state, never a form) instead of "not a valid link".
 */
const EXPIRED_LINK_GRACE_MS = 30 * 24 * 60 * 60_000

/**
 * Until when an invitation link of an envelope opens: the envelope's expiry (one that never expires, a
 * year at most) and the grace after it. Minted links take it (notifications/outbox-job.ts) and a change
 * of the settings moves the links not yet used (envelope-api/notification/).
 */
export function linkExpiryOf(stored: StoredNotification | undefined, sentAt: Date): number {
  const expiresAt = expirationOf(settingsOf(stored).expirations, sentAt)
  return (expiresAt ? expiresAt.getTime() : sentAt.getTime() + 365 * 24 * 60 * 60_000) + EXPIRED_LINK_GRACE_MS
}
