import { flagOr, type Notification as NotificationInput } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { EnvelopeNotification } from './model.js'

/**
 * DocuSign's `notification` (reminders, expiration) read from a request into the domain, and back: an
 * envelope's, or a template's that the envelopes made from it take (envelopes/composite-merge.ts).
 * Kept here, below the envelopes, because both carry it.
 */

/**
 * DocuSign also takes `expireEnabled`/`expireAfter` at the top of an envelope definition or a template:
 * they stand for `notification.expirations`' own, which win when both are given.
 */
export function withTopLevelExpiration(request: {
  notification?: NotificationInput
  expireEnabled?: 'true' | 'false'
  expireAfter?: string
}): NotificationInput | undefined {
  const { expireEnabled, expireAfter } = request
  if (expireEnabled === undefined && expireAfter === undefined) return request.notification
  return {
    ...request.notification,
    expirations: {
      ...(expireEnabled !== undefined ? { expireEnabled } : {}),
      ...(expireAfter !== undefined ? { expireAfter } : {}),
      ...request.notification?.expirations,
    },
  }
}

const days = (value: string | undefined) => (value === undefined ? 0 : Number(value))
const wire = (value: boolean) => (value ? 'true' : 'false')

export function notificationOf(input: NotificationInput | undefined): EnvelopeNotification | undefined {
  if (!input) return undefined
  const notification: EnvelopeNotification = {
    useAccountDefaults: flagOr(
      input.useAccountDefaults,
      input.reminders === undefined && input.expirations === undefined,
    ),
  }
  if (input.reminders) {
    notification.reminders = {
      reminderEnabled: flagOr(input.reminders.reminderEnabled, false),
      reminderDelayDays: days(input.reminders.reminderDelay),
      reminderFrequencyDays: days(input.reminders.reminderFrequency),
    }
  }
  if (input.expirations) {
    notification.expirations = {
      expireEnabled: flagOr(input.expirations.expireEnabled, false),
      expireAfterDays: days(input.expirations.expireAfter),
      expireWarnDays: days(input.expirations.expireWarn),
    }
    const { expireEnabled, expireAfterDays, expireWarnDays } = notification.expirations
    if (expireEnabled && expireAfterDays < 1) {
      throw new InvalidRequestError(
        'notification.expirations.expireAfter must be at least 1 day when expireEnabled',
      )
    }
    if (expireEnabled && expireWarnDays >= expireAfterDays && expireWarnDays > 0) {
      throw new InvalidRequestError('notification.expirations.expireWarn must be less than expireAfter')
    }
  }
  return notification
}

export function toNotificationOutput(notification: EnvelopeNotification): NotificationInput {
  const { reminders, expirations } = notification
  return {
    useAccountDefaults: wire(notification.useAccountDefaults),
    ...(reminders
      ? {
          reminders: {
            reminderEnabled: wire(reminders.reminderEnabled),
            reminderDelay: String(reminders.reminderDelayDays),
            reminderFrequency: String(reminders.reminderFrequencyDays),
          },
        }
      : {}),
    ...(expirations
      ? {
          expirations: {
            expireEnabled: wire(expirations.expireEnabled),
            expireAfter: String(expirations.expireAfterDays),
            expireWarn: String(expirations.expireWarnDays),
          },
        }
      : {}),
  }
}
