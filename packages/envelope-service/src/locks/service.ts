import { randomBytes } from 'node:crypto'
import type { LockInformation, LockRequest } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { ServiceContext } from '../context.js'
import { envelopeOrFail } from '../envelopes/service.js'
import { findUser } from '../identity/repository.js'
import { LifecycleError } from '../lifecycle/errors.js'
import { templateNotFound } from '../templates/service.js'
import type { EditLock, LockedResource } from './model.js'
import { claimLock, deleteLock, findLock, renewLock } from './repository.js'
import {
  alreadyLocked,
  checkLockable,
  DEFAULT_LOCK_SECONDS,
  type EditHeader,
  ownLock,
  readDuration,
} from './rules.js'

/** The lock endpoints of envelopes and templates (rules.ts); the check on writes is enforce.ts. */

export type LocksDeps = Pick<ServiceContext, 'db' | 'now' | 'templateCache'>

export interface LockCaller {
  accountId: string
  userId: string
  seesAllTemplates: boolean
}

export interface LockTarget {
  resource: LockedResource
  resourceId: string
}

const LOCKABLE_ENVELOPES = new Set(['created', 'sent', 'delivered'])

/** 404 unless the caller's account has the resource; an envelope must also be one that can still change. */
async function checkResource(deps: LocksDeps, caller: LockCaller, target: LockTarget, locking: boolean) {
  if (target.resource === 'envelope') {
    const envelope = await envelopeOrFail(deps.db, caller.accountId, target.resourceId)
    if (locking && !LOCKABLE_ENVELOPES.has(envelope.status)) {
      throw new LifecycleError(
        'ENVELOPE_INVALID_STATUS',
        `A draft, sent or delivered envelope can be locked; this one is '${envelope.status}'.`,
      )
    }
    return
  }
  const viewer = { userId: caller.userId, seesAll: caller.seesAllTemplates }
  const found = await deps.templateCache.find(deps.db, caller.accountId, [target.resourceId], viewer)
  if (!found.has(target.resourceId)) throw templateNotFound(target.resourceId)
}

function checkRequest(request: LockRequest): void {
  if (request.lockType !== undefined && request.lockType.toLowerCase() !== 'edit') {
    throw new InvalidRequestError('lockType must be edit')
  }
  if (request.templatePassword !== undefined) {
    throw new InvalidRequestError('templatePassword is not supported: templates have no passwords here')
  }
  if (request.useScratchPad !== undefined && request.useScratchPad.toLowerCase() === 'true') {
    throw new InvalidRequestError('useScratchPad is not supported: changes are saved as they are made')
  }
}

export async function lockInformation(
  deps: LocksDeps,
  lock: EditLock,
  withToken: boolean,
): Promise<LockInformation> {
  const user = await findUser(deps.db, lock.userId)
  return {
    ...(withToken ? { lockToken: lock.lockToken } : {}),
    lockedByUser: { userId: lock.userId, userName: user?.name ?? '', email: user?.email ?? '' },
    lockedByApp: lock.lockedByApp,
    lockedUntilDateTime: new Date(lock.lockedUntil).toISOString(),
    lockDurationInSeconds: String(lock.durationSeconds),
    lockType: 'edit',
    useScratchPad: 'false',
  }
}

export async function createLock(
  deps: LocksDeps,
  caller: LockCaller,
  target: LockTarget,
  request: LockRequest,
): Promise<EditLock> {
  checkRequest(request)
  const seconds = readDuration(request.lockDurationInSeconds, 'lockDurationInSeconds') ?? DEFAULT_LOCK_SECONDS
  await checkResource(deps, caller, target, true)
  const now = deps.now()
  checkLockable(target.resource, await findLock(deps.db, target.resource, target.resourceId), now)
  const lock: EditLock = {
    resourceType: target.resource,
    resourceId: target.resourceId,
    accountId: caller.accountId,
    userId: caller.userId,
    lockToken: randomBytes(24).toString('base64url'),
    lockedByApp: request.lockedByApp ?? '',
    durationSeconds: seconds,
    lockedUntil: now + seconds * 1000,
  }
  // Another request may have locked it since the read: the claim is the decision.
  if (!(await claimLock(deps.db, lock, now))) throw alreadyLocked(target.resource)
  return lock
}

export async function readLock(deps: LocksDeps, caller: LockCaller, target: LockTarget): Promise<EditLock> {
  await checkResource(deps, caller, target, false)
  return ownLock(
    target.resource,
    await findLock(deps.db, target.resource, target.resourceId),
    deps.now(),
    caller.userId,
  )
}

export async function extendLock(
  deps: LocksDeps,
  caller: LockCaller,
  target: LockTarget,
  header: EditHeader,
  request: LockRequest,
): Promise<EditLock> {
  checkRequest(request)
  const seconds = readDuration(request.lockDurationInSeconds, 'lockDurationInSeconds')
  await checkResource(deps, caller, target, false)
  const now = deps.now()
  const held = ownLock(
    target.resource,
    await findLock(deps.db, target.resource, target.resourceId),
    now,
    caller.userId,
    header,
  )
  const durationSeconds = seconds ?? header.durationSeconds ?? held.durationSeconds
  const renewed: EditLock = {
    ...held,
    lockedByApp: request.lockedByApp ?? held.lockedByApp,
    durationSeconds,
    lockedUntil: now + durationSeconds * 1000,
  }
  if (!(await renewLock(deps.db, renewed))) ownLock(target.resource, undefined, now, caller.userId, header)
  return renewed
}

export async function removeLock(
  deps: LocksDeps,
  caller: LockCaller,
  target: LockTarget,
  header: EditHeader,
): Promise<EditLock> {
  await checkResource(deps, caller, target, false)
  const held = ownLock(
    target.resource,
    await findLock(deps.db, target.resource, target.resourceId),
    deps.now(),
    caller.userId,
    header,
  )
  await deleteLock(deps.db, held)
  return held
}
