import type { AuthOutcome, AuthStatus, SmsCodeSent } from '../../../src/signing/auth/schema.js'
import type {
  DeclineSigningRequest,
  FinishSigningRequest,
  ReassignSigningRequest,
  SessionDisclosure,
  SigningOutcome,
  SigningSession,
} from '../../../src/signing/schema.js'

/** Thrown for a link the service refuses (unknown, expired or used): the page says so instead of retrying. */
export class LinkRefusedError extends Error {}

/** The recipient owes an access code or SMS code first: the page shows the access gate. */
export class AuthRequiredError extends Error {}

/** Too many wrong codes: the recipient is locked out. */
export class RecipientLockedError extends Error {}

/** Every SMS code this recipient may ask for was sent. */
export class TooManyCodesError extends Error {}

/** The account changed its disclosure after the page read it: the page reads it again. */
export class DisclosureChangedError extends Error {}

/** Any other refusal of the service, with its (English) message: shown through `words.refused`. */
export class ServiceRefusedError extends Error {}

/**
 * The auth session token the access gate received; sent with every later call. Kept in memory only, so
 * a reload (or another tab) asks for the code again, as DocuSign does.
 */
let authToken: string | undefined

export function setAuthToken(token: string | undefined) {
  authToken = token
}

const authHeader = (): Record<string, string> => (authToken ? { 'x-signing-auth': authToken } : {})

/** The token travels in the URL fragment, never in a path or query the server would log. */
export function tokenFromLocation(hash: string): string | undefined {
  const token = hash.replace(/^#/, '').trim()
  return /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : undefined
}

async function call<T>(token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/signing/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'x-signing-token': token,
      ...authHeader(),
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    credentials: 'omit',
    cache: 'no-store',
  })
  if (response.status === 401 || response.status === 404) throw new LinkRefusedError()
  if (response.status === 429) throw new TooManyCodesError()
  if (!response.ok) {
    const problem = (await response.json().catch(() => ({}))) as { message?: string; errorCode?: string }
    if (problem.errorCode === 'RECIPIENT_AUTHENTICATION_REQUIRED')
      throw new AuthRequiredError(problem.message)
    if (problem.errorCode === 'RECIPIENT_LOCKED') throw new RecipientLockedError(problem.message)
    if (problem.errorCode === 'DISCLOSURE_CHANGED') throw new DisclosureChangedError(problem.message)
    throw new ServiceRefusedError(problem.message ?? '')
  }
  return (await response.json()) as T
}

/**
 * One session request per token for the life of the page: opening the session consumes a once-only
 * recipient view link, so a second request (React's StrictMode runs effects twice) would be refused and
 * could overwrite the first answer with "not valid".
 */
const sessions = new Map<string, Promise<SigningSession>>()

export const signingApi = {
  session: (token: string) => {
    let session = sessions.get(token)
    if (!session) {
      session = call<SigningSession>(token, 'session')
      sessions.set(token, session)
      // Refused for a code still owed: nothing was consumed, and the page asks again once it is entered.
      session.catch((error: unknown) => {
        if (error instanceof AuthRequiredError) sessions.delete(token)
      })
    }
    return session
  },
  finish: (token: string, request: FinishSigningRequest) => call<SigningOutcome>(token, 'finish', request),
  decline: (token: string, request: DeclineSigningRequest) => call<SigningOutcome>(token, 'decline', request),
  /** Agrees to `version` of the disclosure, the one the page shows, in `language` (what the certificate prints). */
  acceptDisclosure: (token: string, version: string, language: 'en' | 'es') =>
    call<{ accepted: true }>(token, 'disclosure', { version, language }),
  /** The disclosure as it is now, read again after `DisclosureChangedError`. */
  disclosure: (token: string) => call<SessionDisclosure>(token, 'disclosure'),
  reassign: (token: string, request: ReassignSigningRequest) =>
    call<SigningOutcome>(token, 'reassign', request),
  authStatus: (token: string) => call<AuthStatus>(token, 'auth'),
  accessCode: (token: string, accessCode: string) =>
    call<AuthOutcome>(token, 'auth/access-code', { accessCode }),
  sendSmsCode: (token: string, phoneIndex: number) =>
    call<SmsCodeSent>(token, 'auth/sms/send', { phoneIndex }),
  smsCode: (token: string, code: string) => call<AuthOutcome>(token, 'auth/sms/verify', { code }),
  /** The sealed signed document of a completed envelope. */
  combined: async (token: string) => {
    const response = await fetch('/signing/api/combined', {
      headers: { 'x-signing-token': token, ...authHeader() },
      credentials: 'omit',
    })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return response.blob()
  },
  /** Document bytes, fetched with the token header (a plain URL would need the token in it). */
  async document(token: string, url: string): Promise<ArrayBuffer> {
    const response = await fetch(url, {
      headers: { 'x-signing-token': token, ...authHeader() },
      credentials: 'omit',
    })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return response.arrayBuffer()
  },
}
