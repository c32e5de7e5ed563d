import fc from 'fast-check'
import { AppError } from 'platform'
import { describe, expect, it } from 'vitest'
import { settingsOf } from '../../lifecycle/notification-settings.js'
import {
  ACCOUNT_NOTIFICATION_FALLBACK,
  type AccountNotificationDefaults,
  toAccountNotificationWire,
  updatedDefaults,
  withAccountDefaults,
} from './rules.js'

const defaults: AccountNotificationDefaults = {
  reminders: { reminderEnabled: true, reminderDelay: 2, reminderFrequency: 3 },
  expirations: { expireEnabled: true, expireAfter: 30, expireWarn: 5 },
  userOverrideEnabled: true,
}

const days = fc.integer({ min: 0, max: 999 })

describe('updatedDefaults', () => {
  it('reads back what toAccountNotificationWire writes', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        days,
        days,
        fc.boolean(),
        fc.integer({ min: 1, max: 999 }),
        days,
        fc.boolean(),
        (
          reminderEnabled,
          reminderDelay,
          reminderFrequency,
          expireEnabled,
          expireAfter,
          warn,
          userOverrideEnabled,
        ) => {
          const expireWarn = warn < expireAfter ? warn : 0
          const value: AccountNotificationDefaults = {
            reminders: { reminderEnabled, reminderDelay, reminderFrequency },
            expirations: { expireEnabled, expireAfter, expireWarn },
            userOverrideEnabled,
          }
          expect(updatedDefaults(ACCOUNT_NOTIFICATION_FALLBACK, toAccountNotificationWire(value))).toEqual(
            value,
          )
        },
      ),
    )
  })

  it('keeps the fields not given', () => {
    expect(updatedDefaults(defaults, { reminders: { reminderDelay: '7' } })).toEqual({
      ...defaults,
      reminders: { ...defaults.reminders, reminderDelay: 7 },
    })
  })

  it('refuses a day count that is not a whole number from 0 to 999, and a flag that is not true/false', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constant('-1'),
          fc.constant('1000'),
          fc.constant('2.5'),
          fc.constant(''),
          fc.string().filter((text) => !/^\s*\d{1,3}\s*$/.test(text)),
        ),
        (wrong) => {
          let error: unknown
          try {
            updatedDefaults(defaults, { expirations: { expireAfter: wrong } })
          } catch (caught) {
            error = caught
          }
          expect(error).toBeInstanceOf(AppError)
          expect((error as AppError).statusCode).toBe(400)
        },
      ),
    )
    expect(() => updatedDefaults(defaults, { reminders: { reminderEnabled: 'yes' } })).toThrow(
      /true" or "false/,
    )
  })

  it('refuses an expiry of 0 days and a warning not before the expiry, when expiry is on', () => {
    expect(() => updatedDefaults(defaults, { expirations: { expireAfter: '0' } })).toThrow(/at least 1 day/)
    expect(() => updatedDefaults(defaults, { expirations: { expireWarn: '30' } })).toThrow(
      /less than expireAfter/,
    )
    expect(
      updatedDefaults(defaults, { expirations: { expireEnabled: 'false', expireAfter: '0' } }).expirations,
    ).toEqual({ expireEnabled: false, expireAfter: 0, expireWarn: 5 })
  })
})

describe('withAccountDefaults', () => {
  it('leaves the notification as it is when the account has no defaults', () => {
    expect(withAccountDefaults(undefined, undefined)).toBeUndefined()
    const own = { useAccountDefaults: true }
    expect(withAccountDefaults(own, undefined)).toBe(own)
  })

  it("gives an envelope without a notification, or with useAccountDefaults, the account's settings", () => {
    for (const notification of [undefined, { useAccountDefaults: true }]) {
      const applied = withAccountDefaults(notification, defaults)
      expect(applied?.useAccountDefaults).toBe(true)
      expect(settingsOf(applied)).toEqual({
        reminders: defaults.reminders,
        expirations: defaults.expirations,
      })
    }
  })

  it("keeps an envelope's own settings unless the account forbids overriding them", () => {
    const own = {
      useAccountDefaults: false,
      expirations: { expireEnabled: true, expireAfterDays: 10, expireWarnDays: 0 },
    }
    expect(withAccountDefaults(own, defaults)).toBe(own)
    const forced = withAccountDefaults(own, { ...defaults, userOverrideEnabled: false })
    expect(settingsOf(forced).expirations).toEqual(defaults.expirations)
  })

  it('keeps the defaults of the day the envelope was created: expiry follows its copy', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.boolean(), (expireAfter, expireEnabled) => {
        const applied = withAccountDefaults(undefined, {
          ...defaults,
          expirations: { expireEnabled, expireAfter, expireWarn: 0 },
        })
        expect(settingsOf(applied).expirations).toEqual({ expireEnabled, expireAfter, expireWarn: 0 })
      }),
    )
  })
})
