import type { Db, DbOrTx } from '../../database.js'
import { recordConsent, startFamily } from '../authorization-code/grant.js'
import { INKWELL_APP_CLIENT_ID } from '../first-party.js'
import { issueOneTimeToken } from '../one-time/issue.js'
import { claimOneTimeToken } from '../one-time/repository.js'
import { hashOpaque } from '../one-time/tokens.js'

/** DocuSign's console view URL is good for 5 minutes, once. */
export const CONSOLE_VIEW_LIFETIME_MS = 5 * 60_000
export const CONSOLE_SESSION_PATH = '/app-session/console'
const APP_SCOPES = ['signature']

/**
 * Where a one-time URL opens the app: the dashboard or one envelope (the console view), or one of
 * DocuSign's embedded screens (`screen`), which send the browser back to `returnUrl` when done.
 */
export interface ConsoleTarget {
  envelopeId?: string
  templateId?: string
  screen?: 'sender' | 'edit' | 'correct' | 'template'
  returnUrl?: string
}

/** The app's address for a target: the console's screens, or the embedded ones (`/edit`, `/correct`). */
export function appLocation(target: ConsoleTarget): string {
  const id = (value: string | undefined) => encodeURIComponent(value ?? '')
  const path =
    target.screen === 'template'
      ? `/app/templates/${id(target.templateId)}`
      : target.screen === 'sender' || target.screen === 'edit'
        ? `/app/envelopes/${id(target.envelopeId)}/edit`
        : target.screen === 'correct'
          ? `/app/envelopes/${id(target.envelopeId)}/correct`
          : target.envelopeId
            ? `/app/envelopes/${id(target.envelopeId)}`
            : '/app/'
  const query = target.returnUrl ? `?${new URLSearchParams({ returnUrl: target.returnUrl })}` : ''
  return path + query
}

/**
 * A one-time console URL for the calling user, opening the app (or one envelope or embedded screen in it)
 * signed in as them. Bound to the user, five minutes, once: the embedded views share it.
 */
export async function createConsoleView(
  db: DbOrTx,
  input: { userId: string; publicUrl: string } & ConsoleTarget,
  now: number,
): Promise<string> {
  const target: ConsoleTarget = {
    ...(input.envelopeId ? { envelopeId: input.envelopeId } : {}),
    ...(input.templateId ? { templateId: input.templateId } : {}),
    ...(input.screen ? { screen: input.screen } : {}),
    ...(input.returnUrl ? { returnUrl: input.returnUrl } : {}),
  }
  const token = await issueOneTimeToken(db, {
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
): Promise<
  | { userId: string; refreshToken: string; refreshExpiresAt: number; location: string; returnUrl?: string }
  | undefined
> {
  const claimed = await claimOneTimeToken(db, hashOpaque(token), 'console', now)
  if (!claimed) return undefined
  const target = JSON.parse(claimed.subject ?? '{}') as ConsoleTarget
  await recordConsent(db, claimed.userId, INKWELL_APP_CLIENT_ID, APP_SCOPES, now)
  const tokens = await startFamily(
    db,
    { userId: claimed.userId, integrationKeyId: INKWELL_APP_CLIENT_ID, scopes: APP_SCOPES },
    now,
  )
  return {
    userId: claimed.userId,
    refreshToken: tokens.refreshToken,
    refreshExpiresAt: tokens.refreshExpiresAt,
    location: appLocation(target),
    ...(target.returnUrl ? { returnUrl: target.returnUrl } : {}),
  }
}
