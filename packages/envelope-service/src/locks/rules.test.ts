import { AppError } from 'platform'
import { describe, expect, it } from 'vitest'
import type { EditLock } from './model.js'
import { checkWrite, ownLock, parseEditHeader } from './rules.js'

const lock: EditLock = {
  resourceType: 'envelope',
  resourceId: 'e1',
  accountId: 'a1',
  userId: 'u1',
  lockToken: 'tok',
  lockedByApp: 'CRM',
  durationSeconds: 300,
  lockedUntil: 1_000,
}
const codeOf = (run: () => unknown) => {
  try {
    run()
    return 'allowed'
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return (error as AppError).errorCode
  }
}

describe('parseEditHeader', () => {
  it("reads DocuSign's JSON and XML forms", () => {
    expect(parseEditHeader('{"LockToken": "tok", "LockDurationInSeconds": "600"}')).toEqual({
      lockToken: 'tok',
      durationSeconds: 600,
    })
    expect(
      parseEditHeader(
        '<DocuSignEdit><LockToken>tok</LockToken><LockDurationInSeconds>60</LockDurationInSeconds></DocuSignEdit>',
      ),
    ).toEqual({ lockToken: 'tok', durationSeconds: 60 })
    expect(parseEditHeader(undefined)).toEqual({})
  })

  it('is a 400 for a header that is neither, or a duration out of range', () => {
    expect(() => parseEditHeader('{"LockToken": ')).toThrow('X-DocuSign-Edit')
    expect(() => parseEditHeader('{"LockToken": 5}')).toThrow('string')
    expect(() => parseEditHeader('{"LockToken": "t", "LockDurationInSeconds": "0"}')).toThrow('1 to 3600')
  })
})

describe('checkWrite', () => {
  it('lets through only the holder with the token while the lock lasts', () => {
    expect(codeOf(() => checkWrite(lock, 999, 'u1', { lockToken: 'tok' }))).toBe('allowed')
    expect(codeOf(() => checkWrite(lock, 999, 'u1', {}))).toBe('EDIT_LOCK_NOT_LOCK_OWNER')
    expect(codeOf(() => checkWrite(lock, 999, 'u2', { lockToken: 'tok' }))).toBe('EDIT_LOCK_NOT_LOCK_OWNER')
    expect(codeOf(() => checkWrite(lock, 999, 'u1', { lockToken: 'other' }))).toBe('EDIT_LOCK_NOT_LOCK_OWNER')
    expect(codeOf(() => checkWrite(lock, 1_000, 'u2', {}))).toBe('allowed')
    expect(codeOf(() => checkWrite(undefined, 0, 'u2', {}))).toBe('allowed')
  })
})

describe('ownLock', () => {
  it('is 404 NOT_LOCKED for no lock or an expired one, and NOT_LOCK_OWNER for another user or token', () => {
    expect(codeOf(() => ownLock('template', undefined, 0, 'u1'))).toBe('EDIT_LOCK_TEMPLATE_NOT_LOCKED')
    expect(codeOf(() => ownLock('envelope', lock, 1_000, 'u1'))).toBe('EDIT_LOCK_ENVELOPE_NOT_LOCKED')
    expect(codeOf(() => ownLock('envelope', lock, 0, 'u2'))).toBe('EDIT_LOCK_NOT_LOCK_OWNER')
    expect(codeOf(() => ownLock('envelope', lock, 0, 'u1', { lockToken: 'x' }))).toBe(
      'EDIT_LOCK_NOT_LOCK_OWNER',
    )
    expect(ownLock('envelope', lock, 0, 'u1', { lockToken: 'tok' })).toBe(lock)
  })
})
