import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  fromWireNotification,
  NO_REMINDERS,
  type Reminders,
  reminderProblems,
  toWireNotification,
} from '../web/app/src/builder/reminders.js'

/** A template's reminders and expiration in the builder: when they are sent, and their shape. */

const arbitraryReminders = fc.record({
  remind: fc.boolean(),
  reminderDelay: fc.integer({ min: 0, max: 999 }).map(String),
  reminderFrequency: fc.integer({ min: 0, max: 999 }).map(String),
  expire: fc.boolean(),
  expireAfter: fc.integer({ min: 1, max: 999 }).map(String),
  expireWarn: fc.integer({ min: 0, max: 999 }).map(String),
  stored: fc.boolean(),
})

describe('toWireNotification', () => {
  it('sends nothing for a template that never had reminders or expiration', () => {
    expect(toWireNotification(NO_REMINDERS)).toBeUndefined()
  })

  it('sends both turned off when the template had them, so turning them off is saved', () => {
    expect(toWireNotification({ ...NO_REMINDERS, stored: true })).toEqual({
      useAccountDefaults: 'false',
      reminders: { reminderEnabled: 'false' },
      expirations: { expireEnabled: 'false' },
    })
  })

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(arbitraryReminders, (reminders: Reminders) => {
        const wire = toWireNotification(reminders)
        if (!wire) {
          expect(reminders.remind || reminders.expire || reminders.stored).toBe(false)
          return
        }
        const back = fromWireNotification(wire)
        expect(back.remind).toBe(reminders.remind)
        expect(back.expire).toBe(reminders.expire)
        if (reminders.remind) expect(back.reminderDelay).toBe(reminders.reminderDelay)
        if (reminders.expire) expect(back.expireAfter).toBe(reminders.expireAfter)
        expect(back.stored).toBe(true)
      }),
    )
  })
})

describe('reminderProblems', () => {
  it('refuses day counts that are not whole numbers and a warning not before the expiration', () => {
    expect(
      reminderProblems({ ...NO_REMINDERS, remind: true, reminderDelay: '1.5', reminderFrequency: '' }),
    ).toEqual(['reminderDelay', 'reminderFrequency'])
    expect(reminderProblems({ ...NO_REMINDERS, expire: true, expireAfter: '5', expireWarn: '5' })).toEqual([
      'expireWarn',
    ])
    expect(reminderProblems({ ...NO_REMINDERS, expire: true, expireAfter: '0', expireWarn: '0' })).toEqual([
      'expireAfter',
      'expireWarn',
    ])
    expect(reminderProblems({ ...NO_REMINDERS, remind: false, reminderDelay: 'x' })).toEqual([])
  })
})
