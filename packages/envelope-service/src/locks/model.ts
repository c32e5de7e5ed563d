/** An edit lock as the rules see it. */
export type LockedResource = 'envelope' | 'template'

export interface EditLock {
  resourceType: LockedResource
  resourceId: string
  accountId: string
  userId: string
  lockToken: string
  lockedByApp: string
  durationSeconds: number
  /** Epoch milliseconds. */
  lockedUntil: number
}
