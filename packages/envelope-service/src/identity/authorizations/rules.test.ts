import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AUTHORIZATION_PERMISSIONS,
  actOnBehalfAllows,
  authorizationDatesProblem,
  isAuthorizationActive,
} from './rules.js'

const permission = fc.constantFrom(...AUTHORIZATION_PERMISSIONS)
const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH')
const segment = fc.stringMatching(/^[a-z0-9_-]{1,12}$/)
const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`)
const instant = fc.integer({ min: 0, max: 4_000_000_000_000 })

describe('shared access rules', () => {
  it('never allows anything outside /envelopes, whatever the permission', () => {
    fc.assert(
      fc.property(permission, method, path, (granted, verb, where) => {
        fc.pre(!where.startsWith('/envelopes'))
        expect(actOnBehalfAllows(granted, { method: verb, path: where })).toBe(false)
      }),
    )
  })

  it('manage allows every method on envelopes; send only creates; sign and edit nothing', () => {
    fc.assert(
      fc.property(method, fc.array(segment, { maxLength: 3 }), (verb, rest) => {
        const where = ['/envelopes', ...rest].join('/')
        expect(actOnBehalfAllows('manage', { method: verb, path: where })).toBe(true)
        expect(actOnBehalfAllows('send', { method: verb, path: where })).toBe(
          verb === 'POST' && rest.length === 0,
        )
        expect(actOnBehalfAllows('sign', { method: verb, path: where })).toBe(false)
        expect(actOnBehalfAllows('edit', { method: verb, path: where })).toBe(false)
      }),
    )
    expect(actOnBehalfAllows('manage', { method: 'GET', path: '/envelopesX' })).toBe(false)
  })

  it('is active exactly from its start to before its end, and never once deleted', () => {
    fc.assert(
      fc.property(instant, instant, fc.option(instant), fc.boolean(), (now, start, end, deleted) => {
        const window = {
          startDate: new Date(start).toISOString(),
          endDate: end === null ? null : new Date(end).toISOString(),
          deletedAt: deleted ? new Date(0).toISOString() : null,
        }
        const expected = !deleted && start <= now && (end === null || end > now)
        expect(isAuthorizationActive(window, now)).toBe(expected)
      }),
    )
  })

  it('refuses dates that do not parse or an end not after the start', () => {
    fc.assert(
      fc.property(instant, instant, (start, end) => {
        const problem = authorizationDatesProblem(new Date(start).toISOString(), new Date(end).toISOString())
        expect(problem === null).toBe(end > start)
      }),
    )
    expect(authorizationDatesProblem('tomorrow', null)).toMatch(/not a date/)
  })
})
