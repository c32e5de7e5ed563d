import type {
  CaseDetail,
  CaseList,
  SendRequest,
  SendResult,
  ServiceFailure,
  SessionInfo,
  SmsPhoneNeeded,
  TemplateOptions,
} from '../../src/console/schema.js'

export type { CaseDetail, CaseList, SendRequest, SessionInfo, TemplateOptions }

/** A refusal or failure of the console API, with the body it came with. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Headers,
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${status}`)
  }

  get code(): string | undefined {
    return typeof this.body.code === 'string' ? this.body.code : undefined
  }
}

/** The session's CSRF token, sent back on every state-changing call; set at sign-in and on load. */
let csrfToken = ''
const signedOutListeners = new Set<() => void>()

/** Called when the server says the session is gone (expired, signed out elsewhere). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener)
  return () => signedOutListeners.delete(listener)
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const method = init?.method ?? 'GET'
  const response = await fetch(path, {
    ...init,
    headers: {
      accept: 'application/json',
      ...(init?.body ? { 'content-type': 'application/json' } : {}),
      ...(method === 'GET' ? {} : { 'x-csrf-token': csrfToken }),
    },
  })
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok) {
    const error = new ApiError(response.status, body, response.headers)
    if (error.code === 'sign_in_required' && path !== '/api/session') {
      for (const listener of signedOutListeners) listener()
    }
    throw error
  }
  return body as T
}

/** Who is signed in, or null. */
export async function currentSession(): Promise<SessionInfo | null> {
  try {
    const session = await call<SessionInfo>('/api/session')
    csrfToken = session.csrfToken
    return session
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export type SignInOutcome =
  | { kind: 'signed_in'; session: SessionInfo }
  | { kind: 'invalid' }
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'failed' }

export async function signIn(username: string, password: string): Promise<SignInOutcome> {
  try {
    const session = await call<SessionInfo>('/api/session', {
      method: 'POST',
      body: JSON.stringify({ username, password }),
    })
    csrfToken = session.csrfToken
    return { kind: 'signed_in', session }
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'failed' }
    if (error.code === 'invalid_credentials') return { kind: 'invalid' }
    if (error.code === 'sign_in_locked') {
      return { kind: 'locked', retryAfterSeconds: Number(error.headers.get('retry-after')) || 900 }
    }
    return { kind: 'failed' }
  }
}

export async function signOut(): Promise<void> {
  await fetch('/api/session', { method: 'DELETE', headers: { 'x-csrf-token': csrfToken } })
  csrfToken = ''
}

export function listCases(search: string, offset: number, limit: number): Promise<CaseList> {
  const query = new URLSearchParams({ offset: String(offset), limit: String(limit) })
  if (search.trim()) query.set('search', search.trim())
  return call(`/api/cases?${query}`)
}

export const getCase = (id: string) => call<CaseDetail>(`/api/cases/${encodeURIComponent(id)}`)

export const listTemplates = () => call<TemplateOptions>('/api/templates')

/**
 * Why a send failed, as the page explains it: the console's code (`service_refused`, `service_timeout`,
 * `service_unreachable`, `invalid_input`, `service_not_configured`, ..., or `network` when the console
 * itself did not answer), and for the envelope service's refusals its status code, error code and message.
 */
export interface SendFailure {
  code: string
  service: { status: number | null; errorCode: string; message: string } | null
}

export type SendOutcome =
  | { kind: 'sent'; result: SendResult }
  | { kind: 'sms_phone_needed'; screen: SmsPhoneNeeded }
  | { kind: 'failed'; failure: SendFailure }

/** Posts the send form; the flow's stop at the SMS phone screen and every failure come back as outcomes. */
export async function sendForSignature(caseId: string, request: SendRequest): Promise<SendOutcome> {
  try {
    const result = await call<SendResult>(`/api/cases/${encodeURIComponent(caseId)}/send`, {
      method: 'POST',
      body: JSON.stringify(request),
    })
    return { kind: 'sent', result }
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'failed', failure: { code: 'network', service: null } }
    if (error.body.step === 'SMS_Phone_Screen') {
      return { kind: 'sms_phone_needed', screen: error.body as unknown as SmsPhoneNeeded }
    }
    if (typeof error.body.errorCode === 'string') {
      const failure = error.body as unknown as ServiceFailure
      return {
        kind: 'failed',
        failure: {
          code: failure.code,
          service: { status: failure.serviceStatus, errorCode: failure.errorCode, message: failure.message },
        },
      }
    }
    return { kind: 'failed', failure: { code: error.code ?? 'unknown', service: null } }
  }
}
