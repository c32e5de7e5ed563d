import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DAY_MS, dueNotifications, type NotificationSettings } from './schedule.js'

const settingsArbitrary: fc.Arbitrary<NotificationSettings> = fc.record({
  reminders: fc.record({
    reminderEnabled: fc.boolean(),
    reminderDelay: fc.integer({ min: 0, max: 10 }),
    reminderFrequency: fc.integer({ min: 0, max: 10 }),
  }),
  expirations: fc.record({
    expireEnabled: fc.boolean(),
    expireAfter: fc.integer({ min: 0, max: 30 }),
    expireWarn: fc.integer({ min: 0, max: 10 }),
  }),
})

const sentAt = new Date('2026-11-01T00:00:00.000Z')
const hours = (count: number) => new Date(sentAt.getTime() + count * 3_600_000)

describe('schedule properties', () => {
  it('expires exactly from expireAfter days on, and the next check always finds something due', () => {
    fc.assert(
      fc.property(
        settingsArbitrary,
        fc.integer({ min: 0, max: 24 * 40 }),
        fc.integer({ min: 0, max: 24 * 5 }),
        fc.option(fc.integer({ min: 0, max: 24 * 40 }), { nil: undefined }),
        (settings, nowHours, invitedHours, reminderHours) => {
          const input = {
            settings,
            envelopeSentAt: sentAt,
            invitedAt: hours(invitedHours),
            lastReminderAt: reminderHours === undefined ? undefined : hours(reminderHours),
            now: hours(nowHours),
          }
          const due = dueNotifications(input)
          const { expireEnabled, expireAfter } = settings.expirations
          expect(due.expire).toBe(expireEnabled && nowHours * 3_600_000 >= expireAfter * DAY_MS)
          if (due.expire) expect(due.remind || due.warnOfExpiry).toBe(false)
          if (due.nextCheckAt) {
            expect(due.nextCheckAt.getTime()).toBeGreaterThan(input.now.getTime())
            const later = dueNotifications({ ...input, now: due.nextCheckAt })
            expect(later.remind || later.warnOfExpiry || later.expire).toBe(true)
          }
        },
      ),
    )
  })
})
