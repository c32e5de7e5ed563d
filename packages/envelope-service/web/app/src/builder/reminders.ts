/**
 * A template's reminders and expiration (DocuSign's `notification`), copied to each envelope sent from
 * it. Sent only when the sender turned one on or the template already had them, so a template saved
 * without them stays on the account's defaults.
 */

export interface Reminders {
  remind: boolean
  reminderDelay: string
  reminderFrequency: string
  expire: boolean
  expireAfter: string
  expireWarn: string
  /** The template came from the server with a `notification`: turning both off must be sent too. */
  stored: boolean
}

export const NO_REMINDERS: Reminders = {
  remind: false,
  reminderDelay: '2',
  reminderFrequency: '2',
  expire: false,
  expireAfter: '120',
  expireWarn: '3',
  stored: false,
}

export type ReminderProblem = 'reminderDelay' | 'reminderFrequency' | 'expireAfter' | 'expireWarn'

const DIGITS = /^[0-9]{1,4}$/

/** Day counts that are not whole numbers (the contract's `Digits`), and a warning not before expiry. */
export function reminderProblems(reminders: Reminders): ReminderProblem[] {
  const problems: ReminderProblem[] = []
  if (reminders.remind) {
    if (!DIGITS.test(reminders.reminderDelay)) problems.push('reminderDelay')
    if (!DIGITS.test(reminders.reminderFrequency)) problems.push('reminderFrequency')
  }
  if (reminders.expire) {
    if (!DIGITS.test(reminders.expireAfter) || Number(reminders.expireAfter) < 1) problems.push('expireAfter')
    if (!DIGITS.test(reminders.expireWarn) || Number(reminders.expireWarn) >= Number(reminders.expireAfter))
      problems.push('expireWarn')
  }
  return problems
}

const flag = (value: boolean) => (value ? 'true' : 'false')

/** `notification` of a template definition, or undefined when there is nothing to say. */
export function toWireNotification(reminders: Reminders): Record<string, unknown> | undefined {
  if (!reminders.remind && !reminders.expire && !reminders.stored) return undefined
  return {
    useAccountDefaults: 'false',
    reminders: {
      reminderEnabled: flag(reminders.remind),
      ...(reminders.remind
        ? { reminderDelay: reminders.reminderDelay, reminderFrequency: reminders.reminderFrequency }
        : {}),
    },
    expirations: {
      expireEnabled: flag(reminders.expire),
      ...(reminders.expire ? { expireAfter: reminders.expireAfter, expireWarn: reminders.expireWarn } : {}),
    },
  }
}

const str = (value: unknown, fallback: string) =>
  typeof value === 'string' && value !== '' ? value : fallback

/** A template's `notification` as `GET /templates/{id}` returns it (absent: the account's defaults). */
export function fromWireNotification(wire: unknown): Reminders {
  if (typeof wire !== 'object' || wire === null) return NO_REMINDERS
  const { reminders = {}, expirations = {} } = wire as {
    reminders?: Record<string, unknown>
    expirations?: Record<string, unknown>
  }
  return {
    remind: reminders.reminderEnabled === 'true',
    reminderDelay: str(reminders.reminderDelay, NO_REMINDERS.reminderDelay),
    reminderFrequency: str(reminders.reminderFrequency, NO_REMINDERS.reminderFrequency),
    expire: expirations.expireEnabled === 'true',
    expireAfter: str(expirations.expireAfter, NO_REMINDERS.expireAfter),
    expireWarn: str(expirations.expireWarn, NO_REMINDERS.expireWarn),
    stored: true,
  }
}
