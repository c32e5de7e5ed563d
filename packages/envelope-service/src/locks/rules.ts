import { InvalidRequestError, NotFoundError } from 'platform'
import type { EditLock, LockedResource } from './model.js'

/**
 * DocuSign's edit locks. A user locks an envelope (draft, sent or delivered) or a template for a while
 * (`lockDurationInSeconds`, default 300, at most 3600) and gets a `lockToken`. While the lock lasts,
 * every write to the resource must carry that token in the `X-DocuSign-Edit` header and come from the
 * user who holds it, or it is refused with `EDIT_LOCK_NOT_LOCK_OWNER`; reads are not affected. Only the
 * holder reads, renews or deletes the lock; an expired lock is no lock.
 */

export const DEFAULT_LOCK_SECONDS = 300
export const MAX_LOCK_SECONDS = 3600

const LABEL: Record<LockedResource, string> = { envelope: 'ENVELOPE', template: 'TEMPLATE' }

/** What `X-DocuSign-Edit` carries, in DocuSign's JSON or XML form. */
export interface EditHeader {
  lockToken?: string
  durationSeconds?: number
}

export function activeLock(lock: EditLock | undefined, now: number): EditLock | undefined {
  return lock && lock.lockedUntil > now ? lock : undefined
}

export function readDuration(value: string | undefined, field: string): number | undefined {
  if (value === undefined) return undefined
  const seconds = Number(value)
  if (!/^\d+$/.test(value.trim()) || seconds < 1 || seconds > MAX_LOCK_SECONDS) {
    throw new InvalidRequestError(`${field} must be a whole number of seconds from 1 to ${MAX_LOCK_SECONDS}`)
  }
  return seconds
}

export function parseEditHeader(value: string | undefined): EditHeader {
  if (value === undefined || value.trim() === '') return {}
  const text = value.trim()
  let token: unknown
  let duration: unknown
  if (text.startsWith('{')) {
    let parsed: Record<string, unknown>
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new InvalidRequestError('X-DocuSign-Edit must be JSON or XML with a LockToken')
    }
    token = parsed.LockToken ?? parsed.lockToken
    duration = parsed.LockDurationInSeconds ?? parsed.lockDurationInSeconds
  } else {
    token = /<LockToken>([^<]*)<\/LockToken>/i.exec(text)?.[1]
    duration = /<LockDurationInSeconds>([^<]*)<\/LockDurationInSeconds>/i.exec(text)?.[1]
  }
  if (token !== undefined && typeof token !== 'string') {
    throw new InvalidRequestError('X-DocuSign-Edit LockToken must be a string')
  }
  const seconds = readDuration(
    duration === undefined ? undefined : String(duration),
    'X-DocuSign-Edit LockDurationInSeconds',
  )
  return {
    ...(token ? { lockToken: token } : {}),
    ...(seconds !== undefined ? { durationSeconds: seconds } : {}),
  }
}

function notOwner(resource: LockedResource): InvalidRequestError {
  return new InvalidRequestError(
    `The user is not the owner of the lock. The ${resource} is locked by another user or in another application.`,
    { errorCode: 'EDIT_LOCK_NOT_LOCK_OWNER' },
  )
}

const holds = (lock: EditLock, userId: string, header: EditHeader) =>
  lock.userId === userId && header.lockToken === lock.lockToken

/** A write to the resource: refused while someone holds a lock the request does not carry. */
export function checkWrite(
  lock: EditLock | undefined,
  now: number,
  userId: string,
  header: EditHeader,
): void {
  const active = activeLock(lock, now)
  if (active && !holds(active, userId, header)) throw notOwner(active.resourceType)
}

export const alreadyLocked = (resource: LockedResource) =>
  new InvalidRequestError(`The ${resource} is already locked; its lock holder must delete it first.`, {
    errorCode: `EDIT_LOCK_${LABEL[resource]}_LOCKED`,
  })

/** Locking a resource that is locked already (by anyone) is refused. */
export function checkLockable(resource: LockedResource, lock: EditLock | undefined, now: number): void {
  if (activeLock(lock, now)) throw alreadyLocked(resource)
}

/** The holder's active lock, for reading it (no token needed) or changing it (`header` given). */
export function ownLock(
  resource: LockedResource,
  lock: EditLock | undefined,
  now: number,
  userId: string,
  header?: EditHeader,
): EditLock {
  const active = activeLock(lock, now)
  if (!active) {
    throw new NotFoundError(`The ${resource} is not locked.`, {
      errorCode: `EDIT_LOCK_${LABEL[resource]}_NOT_LOCKED`,
    })
  }
  if (active.userId !== userId || (header !== undefined && header.lockToken !== active.lockToken)) {
    throw notOwner(resource)
  }
  return active
}
