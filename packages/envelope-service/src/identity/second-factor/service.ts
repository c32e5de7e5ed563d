import { ConflictError, InvalidRequestError } from 'platform'
import QRCode from 'qrcode'
import type { Db, DbOrTx } from '../../database.js'
import { acceptedStep, newRecoveryCodes, newSecret, otpauthUri, recoveryCodeHash } from './codes.js'
import {
  acceptStep,
  countUnusedRecoveryCodes,
  findSecondFactor,
  isSecondFactorRequired,
  replaceRecoveryCodes,
  spendRecoveryCode,
  storePendingSecret,
} from './repository.js'

/**
 * Two-step sign-in for a user: turned on by scanning a secret into an authenticator app and typing a
 * code it shows (which proves the app has it), then asked for at every sign-in after the password
 * (authorization-code/routes.ts). Ten recovery codes, shown once, stand in for a lost phone. Turning it
 * off takes a current code or a recovery code, so a stolen session alone cannot (users/sign-in.ts
`turnOffSecondStep`, under the sign-in's lockout).
 */

const ISSUER = 'Inkwell'

export interface SecondFactorStatus {
  enabled: boolean
  /** An account of the user's requires it: it cannot be turned off. */
  required: boolean
  /** Recovery codes not used yet, when enabled. */
  recoveryCodesLeft?: number
}

export async function secondFactorStatus(db: DbOrTx, userId: string): Promise<SecondFactorStatus> {
  const factor = await findSecondFactor(db, userId)
  const required = await isSecondFactorRequired(db, userId)
  if (!factor?.confirmed) return { enabled: false, required }
  return { enabled: true, required, recoveryCodesLeft: await countUnusedRecoveryCodes(db, userId) }
}

export interface Enrollment {
  /** Base32, for typing into the app by hand. */
  secret: string
  otpauthUri: string
  /** The same address as a QR code: an SVG image as a `data:` URL. */
  qrCode: string
}

/** A new secret to scan; 409 when two-step sign-in is already on (turn it off first). */
export async function startEnrollment(
  db: Db,
  user: { id: string; email: string },
  now: number,
): Promise<Enrollment> {
  const secret = newSecret()
  const stored = await db.transaction().execute((tx) => storePendingSecret(tx, user.id, secret, now))
  if (!stored) throw alreadyOn()
  return enrollmentOf(secret, user.email)
}

/** The secret being set up, to show again (after a wrong code); undefined when none is pending. */
export async function pendingEnrollment(
  db: DbOrTx,
  user: { id: string; email: string },
): Promise<Enrollment | undefined> {
  const factor = await findSecondFactor(db, user.id)
  return factor && !factor.confirmed ? enrollmentOf(factor.secret, user.email) : undefined
}

async function enrollmentOf(secret: string, email: string): Promise<Enrollment> {
  const uri = otpauthUri(secret, ISSUER, email)
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return {
    secret,
    otpauthUri: uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  }
}

/** Puts the pending secret in force with a code from the app; returns the recovery codes (shown once). */
export async function confirmEnrollment(
  db: Db,
  userId: string,
  code: string,
  now: number,
): Promise<string[]> {
  const factor = await findSecondFactor(db, userId)
  if (!factor)
    throw new InvalidRequestError('Start turning on two-step sign-in first', {
      errorCode: 'NO_PENDING_SECRET',
    })
  if (factor.confirmed) throw alreadyOn()
  const step = acceptedStep(factor.secret, code, now, factor.lastStep)
  if (step === undefined) throw wrongCode()
  const codes = newRecoveryCodes()
  const confirmed = await db.transaction().execute(async (tx) => {
    if (!(await acceptStep(tx, userId, step, { confirmAt: now }))) return false
    await replaceRecoveryCodes(
      tx,
      userId,
      codes.map((recovery) => recoveryCodeHash(recovery) as string),
    )
    return true
  })
  if (!confirmed) throw alreadyOn()
  return codes
}

/**
 * Whether `code` is the user's current authenticator code or one of their unused recovery codes; either
 * is used up by this check (a code's step, a recovery code for good).
 */
export async function checkSecondFactor(
  db: DbOrTx,
  userId: string,
  code: string,
  now: number,
): Promise<boolean> {
  const factor = await findSecondFactor(db, userId)
  if (!factor?.confirmed) return false
  const step = acceptedStep(factor.secret, code, now, factor.lastStep)
  if (step !== undefined) return acceptStep(db, userId, step)
  const hash = recoveryCodeHash(code)
  return hash !== undefined && spendRecoveryCode(db, userId, hash, now)
}

const alreadyOn = () =>
  new ConflictError('Two-step sign-in is already on; turn it off first to set up another app', {
    errorCode: 'SECOND_FACTOR_ENABLED',
  })
export const wrongCode = () =>
  new InvalidRequestError('The code is not right, or was already used. Type the code the app shows now.', {
    errorCode: 'INVALID_SECOND_FACTOR_CODE',
  })
