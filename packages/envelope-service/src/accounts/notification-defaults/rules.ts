import { InvalidRequestError } from 'platform'
import type { EnvelopeNotification } from '../../envelopes/model.js'
import { DOCUSIGN_DEFAULT_NOTIFICATION, type NotificationSettings } from '../../lifecycle/schedule.js'

/**
 * The account's reminder and expiration defaults: DocuSign's `accountSettingsInformation.accountNotification`
 * (`PUT /accounts/{accountId}/settings`). A new envelope with no `notification`, or with
 * `useAccountDefaults: "true"`, takes them when it is created: they are copied into its `notification`
 * (still marked `useAccountDefaults`), so a later change of the defaults does not move the deadlines of
 * envelopes already out. With `userOverrideEnabled: "false"` an envelope's own settings are replaced by the
 * defaults too (DocuSign: "when true, the user can override envelope expirations").
 */

export interface AccountNotificationDefaults extends NotificationSettings {
  userOverrideEnabled: boolean
}

export const ACCOUNT_NOTIFICATION_FALLBACK: AccountNotificationDefaults = {
  ...DOCUSIGN_DEFAULT_NOTIFICATION,
  userOverrideEnabled: true,
}

/** DocuSign's day limits for reminders and expiration. */
export const MAX_DAYS = 999

/** The wire form: every value a string, as DocuSign sends it. */
export interface AccountNotificationWire {
  reminders?: { reminderEnabled?: string; reminderDelay?: string; reminderFrequency?: string }
  expirations?: { expireEnabled?: string; expireAfter?: string; expireWarn?: string }
  userOverrideEnabled?: string
}

export function toAccountNotificationWire(defaults: AccountNotificationDefaults) {
  const { reminders, expirations } = defaults
  return {
    reminders: {
      reminderEnabled: String(reminders.reminderEnabled),
      reminderDelay: String(reminders.reminderDelay),
      reminderFrequency: String(reminders.reminderFrequency),
    },
    expirations: {
      expireEnabled: String(expirations.expireEnabled),
      expireAfter: String(expirations.expireAfter),
      expireWarn: String(expirations.expireWarn),
    },
    userOverrideEnabled: String(defaults.userOverrideEnabled),
  }
}

function flagOf(value: string | undefined, current: boolean, field: string): boolean {
  if (value === undefined) return current
  const normalized = value.trim().toLowerCase()
  if (normalized === 'true') return true
  if (normalized === 'false') return false
  throw new InvalidRequestError(`accountNotification.${field} must be "true" or "false"`)
}

function daysOf(value: string | undefined, current: number, field: string): number {
  if (value === undefined) return current
  const trimmed = value.trim()
  if (!/^\d{1,3}$/.test(trimmed)) {
    throw new InvalidRequestError(
      `accountNotification.${field} must be a whole number of days from 0 to ${MAX_DAYS}`,
    )
  }
  return Number(trimmed)
}

/** The defaults after a PUT: the fields given replace the current ones; the result is checked whole. */
export function updatedDefaults(
  current: AccountNotificationDefaults,
  input: AccountNotificationWire,
): AccountNotificationDefaults {
  const r = input.reminders ?? {}
  const e = input.expirations ?? {}
  const next: AccountNotificationDefaults = {
    reminders: {
      reminderEnabled: flagOf(
        r.reminderEnabled,
        current.reminders.reminderEnabled,
        'reminders.reminderEnabled',
      ),
      reminderDelay: daysOf(r.reminderDelay, current.reminders.reminderDelay, 'reminders.reminderDelay'),
      reminderFrequency: daysOf(
        r.reminderFrequency,
        current.reminders.reminderFrequency,
        'reminders.reminderFrequency',
      ),
    },
    expirations: {
      expireEnabled: flagOf(e.expireEnabled, current.expirations.expireEnabled, 'expirations.expireEnabled'),
      expireAfter: daysOf(e.expireAfter, current.expirations.expireAfter, 'expirations.expireAfter'),
      expireWarn: daysOf(e.expireWarn, current.expirations.expireWarn, 'expirations.expireWarn'),
    },
    userOverrideEnabled: flagOf(
      input.userOverrideEnabled,
      current.userOverrideEnabled,
      'userOverrideEnabled',
    ),
  }
  const { expireEnabled, expireAfter, expireWarn } = next.expirations
  if (expireEnabled && expireAfter < 1) {
    throw new InvalidRequestError('accountNotification.expirations.expireAfter must be at least 1 day')
  }
  if (expireEnabled && expireWarn > 0 && expireWarn >= expireAfter) {
    throw new InvalidRequestError('accountNotification.expirations.expireWarn must be less than expireAfter')
  }
  return next
}

/** A new envelope's `notification` once the account's defaults apply (undefined stays undefined without any). */
export function withAccountDefaults(
  notification: EnvelopeNotification | undefined,
  defaults: AccountNotificationDefaults | undefined,
): EnvelopeNotification | undefined {
  if (!defaults) return notification
  const followsAccount = !notification || notification.useAccountDefaults || !defaults.userOverrideEnabled
  if (!followsAccount) return notification
  return {
    useAccountDefaults: true,
    reminders: {
      reminderEnabled: defaults.reminders.reminderEnabled,
      reminderDelayDays: defaults.reminders.reminderDelay,
      reminderFrequencyDays: defaults.reminders.reminderFrequency,
    },
    expirations: {
      expireEnabled: defaults.expirations.expireEnabled,
      expireAfterDays: defaults.expirations.expireAfter,
      expireWarnDays: defaults.expirations.expireWarn,
    },
  }
}
