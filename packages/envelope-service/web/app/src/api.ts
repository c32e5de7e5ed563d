import { currentToken, refresh, startSignIn } from './session.js'

/** The app's only server: the public REST API, with the signed-in person's access token. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string | undefined,
    message: string,
  ) {
    super(message)
  }
}

/** A call with the current token; on 401 it refreshes once, and without a session it signs in again. */
export async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const send = () =>
    fetch(path, { ...init, headers: { ...init.headers, authorization: `Bearer ${currentToken()}` } })
  let response = await send()
  if (response.status === 401) {
    if (!(await refresh())) return startSignIn()
    response = await send()
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { errorCode?: string; message?: string }
    throw new ApiError(response.status, body.errorCode, body.message ?? response.statusText)
  }
  return response
}

export const getJson = async <T>(path: string): Promise<T> => (await call(path)).json() as Promise<T>

export const sendJson = async <T>(method: string, path: string, body: unknown): Promise<T> =>
  (
    await call(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  ).json() as Promise<T>

export interface Account {
  account_id: string
  account_name: string
  is_default: boolean
  base_uri: string
}

export interface UserInfo {
  sub: string
  name: string
  email: string
  accounts: Account[]
}

export const userInfo = () => getJson<UserInfo>('/oauth/userinfo')

/** An account's REST path: `/restapi/v2.1/accounts/{accountId}` plus `path`. */
export const accountPath = (accountId: string, path: string) =>
  `/restapi/v2.1/accounts/${encodeURIComponent(accountId)}${path}`

export interface EnvelopeSummary {
  envelopeId: string
  status: string
  emailSubject?: string
  sender?: { userName?: string; email?: string }
  statusChangedDateTime?: string
  createdDateTime?: string
  sentDateTime?: string
}

export interface EnvelopesInformation {
  resultSetSize: string
  totalSetSize: string
  startPosition: string
  envelopes?: EnvelopeSummary[]
}
