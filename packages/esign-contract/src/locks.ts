import { type Static, Type } from '@sinclair/typebox'

/** `lockRequest`: the body of creating or renewing an envelope or template edit lock. */
export const LockRequest = Type.Object({
  lockDurationInSeconds: Type.Optional(
    Type.String({ maxLength: 10, description: 'Seconds, 1 to 3600; default 300.' }),
  ),
  lockedByApp: Type.Optional(Type.String({ maxLength: 200 })),
  lockType: Type.Optional(Type.String({ maxLength: 20, description: '`edit`, the only type.' })),
  templatePassword: Type.Optional(Type.String({ maxLength: 200, description: 'Not supported: a 400.' })),
  useScratchPad: Type.Optional(
    Type.String({ maxLength: 10, description: '`true` is not supported: a 400.' }),
  ),
})
export type LockRequest = Static<typeof LockRequest>

/** `lockInformation`: a lock as answered to its holder. */
export const LockInformation = Type.Object({
  lockToken: Type.Optional(Type.String()),
  lockedByUser: Type.Object({ userId: Type.String(), userName: Type.String(), email: Type.String() }),
  lockedByApp: Type.String(),
  lockedUntilDateTime: Type.String(),
  lockDurationInSeconds: Type.String(),
  lockType: Type.String(),
  useScratchPad: Type.String(),
})
export type LockInformation = Static<typeof LockInformation>
