import type { Db, DbOrTx } from '../../database.js'
import { recordConsent, startFamily } from '../authorization-code/grant.js'
import { INKWELL_APP_CLIENT_ID } from '../first-party.js'
import { claimOneTimeToken, insertOneTimeToken } from '../one-time/repository.js'
import { hashOpaque, opaqueToken } from '../one-time/tokens.js'

/** DocuSign's console view URL is good for 5 minutes, once. */
export const CONSOLE_VIEW_LIFETIME_MS = 5 * 60_000
export const CONSOLE_SESSION_PATH = '/app-session/console'
const APP_SCOPES = ['signature']

interface ConsoleTarget {
  envelopeId?: string
  returnUrl?: string
}

/** A one-time console URL for the calling user, opening the app (or one envelope in it) signed in as them. */
export async function createConsoleView(
  db: DbOrTx,
  input: { userId: string; publicUrl: string } & ConsoleTarget,
  now: number,
): Promise<string> {
  const token = opaqueToken()
  const target: ConsoleTarget = {
    ...(input.envelopeId ? { envelopeId: input.envelopeId } : {}),
    ...(input.returnUrl ? { returnUrl: input.returnUrl } : {}),
  }
  await insertOneTimeToken(db, {
    tokenHash: hashOpaque(token),
    purpose: 'console',
    userId: input.userId,
    subject: JSON.stringify(target),
    expiresAt: now + CONSOLE_VIEW_LIFETIME_MS,
  })
  return `${input.publicUrl}${CONSOLE_SESSION_PATH}/${token}`
}

/**
 * Opens a console URL: uses it up, starts a first-party app sign-in for its user, and says where the
 * app should open. Undefined when the URL is unknown, used or expired.
 */
export async function openConsoleView(
  db: Db,
  token: string,
  now: number,
): Promise<{ refreshToken: string; refreshExpiresAt: number; location: string } | undefined> {
  const claimed = await claimOneTimeToken(db, hashOpaque(token), 'console', now)
  if (!claimed) return undefined
  const target = JSON.parse(claimed.subject ?? '{}') as ConsoleTarget
  await recordConsent(db, claimed.userId, INKWELL_APP_CLIENT_ID, APP_SCOPES, now)
  const tokens = await startFamily(
    db,
    { userId: claimed.userId, integrationKeyId: INKWELL_APP_CLIENT_ID, scopes: APP_SCOPES },
    now,
  )
  const path = target.envelopeId ? `/app/envelopes/${encodeURIComponent(target.envelopeId)}` : '/app/'
  const query = target.returnUrl ? `?${new URLSearchParams({ returnUrl: target.returnUrl })}` : ''
  return {
    refreshToken: tokens.refreshToken,
    refreshExpiresAt: tokens.refreshExpiresAt,
    location: path + query,
  }
}
