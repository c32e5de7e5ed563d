import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { leavesNoAdministrator } from './administrators.js'

const userIds = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 5 })

describe('leavesNoAdministrator', () => {
  it('refuses exactly the changes after which none of the administrators is left', () => {
    fc.assert(
      fc.property(userIds, userIds, (administrators, losing) => {
        const remaining = administrators.filter((userId) => !losing.includes(userId))
        const refused = leavesNoAdministrator(new Set(administrators), losing)
        expect(refused).toBe(administrators.length > 0 && remaining.length === 0)
      }),
    )
  })

  it('does not refuse an account that has no administrator already', () => {
    expect(leavesNoAdministrator(new Set(), ['a'])).toBe(false)
  })
})
