/**
 * Reminders and expiration (DocuSign's envelope `notification`). Reminders go to the recipients who
 * have not finished, `reminderDelay` days after they were invited and then every `reminderFrequency`
 * days (0: a single reminder). The envelope expires `expireAfter` days after it was sent; a warning
 * goes out `expireWarn` days before (0: none). Days are 24-hour periods from the sending instant
 * (DocuSign counts calendar days in the account's time zone; an account here has none).
 *
 * Which settings apply, as DocuSign's REST API decides: `useAccountDefaults: true`, or no
 * `notification` at all, takes the account's defaults; otherwise the envelope's own. DocuSign
 * documents `expireEnabled: false` as "the account default setting is used". Without account settings
 * the defaults are DocuSign's API defaults: expire after 120 days, no warning, no reminders.
 */

export const DAY_MS = 24 * 60 * 60 * 1000

export interface ReminderSettings {
  reminderEnabled: boolean
  reminderDelay: number
  reminderFrequency: number
}

export interface ExpirationSettings {
  expireEnabled: boolean
  expireAfter: number
  expireWarn: number
}

export interface NotificationSettings {
  reminders: ReminderSettings
  expirations: ExpirationSettings
}

/** The envelope's `notification` as stored (domain values; every field optional as on the wire). */
export interface EnvelopeNotification {
  useAccountDefaults?: boolean
  reminders?: Partial<ReminderSettings>
  expirations?: Partial<ExpirationSettings>
}

/** DocuSign's defaults for API-sent envelopes: 120-day expiry, no warning, no reminders. */
export const DOCUSIGN_DEFAULT_NOTIFICATION: NotificationSettings = {
  reminders: { reminderEnabled: false, reminderDelay: 0, reminderFrequency: 0 },
  expirations: { expireEnabled: true, expireAfter: 120, expireWarn: 0 },
}

export function effectiveNotificationSettings(
  notification: EnvelopeNotification | undefined,
  accountDefaults: NotificationSettings = DOCUSIGN_DEFAULT_NOTIFICATION,
): NotificationSettings {
  if (!notification || notification.useAccountDefaults) return accountDefaults
  const reminders = notification.reminders
  const expirations = notification.expirations
  return {
    reminders: reminders?.reminderEnabled
      ? { ...accountDefaults.reminders, ...definedFields(reminders), reminderEnabled: true }
      : reminders
        ? { ...accountDefaults.reminders, reminderEnabled: false }
        : accountDefaults.reminders,
    expirations: expirations?.expireEnabled
      ? { ...accountDefaults.expirations, ...definedFields(expirations), expireEnabled: true }
      : accountDefaults.expirations,
  }
}

export interface ScheduleInput {
  settings: NotificationSettings
  /** When the envelope was sent: expiration counts from here. */
  envelopeSentAt: Date
  /** When the recipients now pending were invited: reminders count from here. */
  invitedAt: Date
  lastReminderAt?: Date
  expiryWarningSentAt?: Date
  now: Date
}

export interface DueNotifications {
  remind: boolean
  warnOfExpiry: boolean
  expire: boolean
  /** The next instant something becomes due, for the job runner; absent when nothing ever will. */
  nextCheckAt?: Date
}

/** What is due now for an envelope in progress. After expiry nothing else is. */
export function dueNotifications(input: ScheduleInput): DueNotifications {
  const { settings, now } = input
  const expiresAt = expirationOf(settings.expirations, input.envelopeSentAt)
  if (expiresAt && now >= expiresAt) return { remind: false, warnOfExpiry: false, expire: true }

  const warnAt = expiryWarningAt(settings.expirations, expiresAt)
  const warnPending = warnAt !== undefined && input.expiryWarningSentAt === undefined
  const remindAt = nextReminderAt(settings.reminders, input.invitedAt, input.lastReminderAt)

  const upcoming = [expiresAt, warnPending && warnAt > now ? warnAt : undefined, remindAt]
    .filter((at): at is Date => at !== undefined && at > now)
    .sort((a, b) => a.getTime() - b.getTime())
  return {
    remind: remindAt !== undefined && now >= remindAt,
    warnOfExpiry: warnPending && now >= warnAt,
    expire: false,
    ...(upcoming[0] ? { nextCheckAt: upcoming[0] } : {}),
  }
}

/** When the envelope expires, or undefined when it never does. */
export function expirationOf(expirations: ExpirationSettings, envelopeSentAt: Date): Date | undefined {
  if (!expirations.expireEnabled) return undefined
  return new Date(envelopeSentAt.getTime() + expirations.expireAfter * DAY_MS)
}

function expiryWarningAt(expirations: ExpirationSettings, expiresAt: Date | undefined): Date | undefined {
  if (!expiresAt || expirations.expireWarn <= 0) return undefined
  return new Date(expiresAt.getTime() - expirations.expireWarn * DAY_MS)
}

function nextReminderAt(reminders: ReminderSettings, invitedAt: Date, lastReminderAt: Date | undefined) {
  if (!reminders.reminderEnabled) return undefined
  const first = new Date(invitedAt.getTime() + reminders.reminderDelay * DAY_MS)
  // A reminder sent before this group was invited belongs to an earlier group.
  if (!lastReminderAt || lastReminderAt < invitedAt) return first
  if (reminders.reminderFrequency <= 0) return undefined
  return new Date(lastReminderAt.getTime() + reminders.reminderFrequency * DAY_MS)
}

function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>
}
