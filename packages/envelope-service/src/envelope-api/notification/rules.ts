import type { Notification as NotificationInput } from 'esign-contract'
import type { EnvelopeNotification } from '../../envelopes/model.js'
import { LifecycleError } from '../../lifecycle/errors.js'
import { settingsOf } from '../../lifecycle/notification-settings.js'
import { notificationOf } from '../../templates/notification.js'

/**
 * An envelope's reminders and expiration after creation (DocuSign's `getNotificationSettings` and
 * `updateNotificationSettings`). The read answers the settings in force: the envelope's own, or the
 * defaults (`useAccountDefaults: "true"`) when it has none. An update is read as create reads
 * `notification` (same checks); the parts it gives replace the stored ones, a part it leaves out stays,
 * and giving reminders or expirations without `useAccountDefaults` means the envelope's own settings.
 * A draft, sent or delivered envelope can change; a finished one cannot. The reminders-and-expiry job
 * recomputes every round from what is stored, so a sent envelope's next reminder and its expiry follow
 * the new settings at once (lifecycle/schedule.ts counts from the invitation and the sending instant).
 */

const CHANGEABLE = new Set(['created', 'sent', 'delivered'])

/** The settings in force, in the stored shape (every part present). */
export function notificationInForce(stored: EnvelopeNotification | undefined): EnvelopeNotification {
  const { reminders, expirations } = settingsOf(stored)
  return {
    useAccountDefaults: stored === undefined || stored.useAccountDefaults,
    reminders: {
      reminderEnabled: reminders.reminderEnabled,
      reminderDelayDays: reminders.reminderDelay,
      reminderFrequencyDays: reminders.reminderFrequency,
    },
    expirations: {
      expireEnabled: expirations.expireEnabled,
      expireAfterDays: expirations.expireAfter,
      expireWarnDays: expirations.expireWarn,
    },
  }
}

export function checkChangeable(status: string): void {
  if (!CHANGEABLE.has(status)) {
    throw new LifecycleError(
      'ENVELOPE_INVALID_STATUS',
      `Reminders and expiration can be changed on a draft, sent or delivered envelope; this one is '${status}'.`,
    )
  }
}

/** The stored settings after an update; throws InvalidRequestError naming a bad field. */
export function updatedNotification(
  stored: EnvelopeNotification | undefined,
  input: NotificationInput,
): EnvelopeNotification {
  const given = notificationOf(input) as EnvelopeNotification
  const reminders = given.reminders ?? stored?.reminders
  const expirations = given.expirations ?? stored?.expirations
  return {
    useAccountDefaults: given.useAccountDefaults,
    ...(reminders ? { reminders } : {}),
    ...(expirations ? { expirations } : {}),
  }
}
